package dev.quarry.spark.parse;

import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.encode.BlankScope;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.parse.NQuadsParser;
import dev.quarry.loader.parse.ParseErrors;
import dev.quarry.store.encoding.MapPrefixes;
import dev.quarry.store.encoding.TermId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.jena.sys.JenaSystem;
import scala.Tuple2;

/**
 * Parses one input split (whole lines, as Hadoop's line reader cuts them at '\n') with the
 * loader's {@link NQuadsParser}: the same fast path, the same RIOT fallback and the same
 * errors. Terms get split-local ids ({@link LocalTerms}); blank node labels are scoped by the
 * build and the file's feed number, as the loader scopes them by load and feed.
 */
public final class SplitParser implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Map<String, Integer> feeds;
    private final String blankScope;

    /**
     * @param feeds   input file (its Hadoop path, qualified) to feed number (1, 2, ...)
     * @param buildId random per build, as the loader's load id: it scopes blank node labels
     */
    public SplitParser(Map<String, Integer> feeds, UUID buildId) {
        this.feeds = Map.copyOf(feeds);
        this.blankScope = BlankScope.ofLoad(buildId);
    }

    /** Parses the lines of {@code split}; the index is the Spark partition's. */
    public ParsedSplit parse(int index, InputSplit split, Iterator<Tuple2<LongWritable, Text>> lines) {
        initJena();
        FileSplit fs = (FileSplit) split;
        Path path = fs.getPath();
        Integer feed = feeds.get(path.toString());
        if (feed == null) {
            throw new IllegalStateException("split of an unknown file " + path + " (known: " + feeds.keySet() + ")");
        }
        boolean quadsFormat = RdfFormat.byFileName(path.getName()).map(RdfFormat::quads).orElse(true);
        LocalTerms terms = new LocalTerms();
        MapPrefixes prefixes = new MapPrefixes();
        NQuadsParser parser = new NQuadsParser(new TermEncoder(terms, prefixes, blankScope), quadsFormat);
        Errors errors = new Errors(path.toString());
        QuadBuffer out = new QuadBuffer();
        long line = 0;
        while (lines.hasNext()) {
            Text t = lines.next()._2;
            line++;
            parser.parse(t.getBytes(), 0, t.getLength(), line, feed, TermId.DEFAULT_GRAPH, errors, out);
        }
        return new ParsedSplit(index, path.toString(), fs.getStart(), line, out.toArray(), terms.table(),
                prefixes.table(), out.count(), errors.parsing, errors.datatype, errors.kept);
    }

    /**
     * Initialises Jena before a task parses (the datatype check needs its TypeMapper), and makes a
     * second task wait until it is done: {@code JenaSystem.init()} marks itself done before it has
     * finished (for recursive calls), so a concurrent caller can return early and find a null
     * TypeMapper (seen with two tasks in one executor).
     */
    static synchronized void initJena() {
        JenaSystem.init();
    }

    /** A split's bad statements: counted, the first ones kept with the split's own line numbers. */
    static final class Errors implements ParseErrors {
        private final String file;
        final List<LoadError> kept = new ArrayList<>();
        long parsing;
        long datatype;

        Errors(String file) {
            this.file = file;
        }

        @Override
        public void parsingError(long line, long column, String message) {
            parsing++;
            keep(LoadError.Kind.PARSING, line, column, message);
        }

        @Override
        public void datatypeMismatch(long line, long column, String message) {
            datatype++;
            keep(LoadError.Kind.DATATYPE_MISMATCH, line, column, message);
        }

        private void keep(LoadError.Kind kind, long line, long column, String message) {
            if (kept.size() < LoadReport.MAX_ERRORS) {
                kept.add(new LoadError(kind, file, line, column, message));
            }
        }
    }
}
