package dev.quarry.loader.parse;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;

/**
 * For the parser property tests: what RIOT in strict mode makes of some bytes (the
 * reference), and what the loader makes of them (a new store per try).
 */
final class ParserOracle implements AutoCloseable {
    static final String BASE = "http://base.example/";

    private final Path dir;
    private int n;

    ParserOracle() {
        try {
            dir = Files.createTempDirectory("quarry-parser-props");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** RIOT strict's reading of {@code bytes}, or null if it rejects them (bytes that are not UTF-8 included). */
    static DatasetGraph riot(byte[] bytes, Lang lang) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            return null; // RIOT would read U+FFFD; not UTF-8 is not an RDF document
        }
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        try {
            RDFParser.source(new ByteArrayInputStream(bytes)).lang(lang).base(BASE).strict(true)
                    .labelToNode(LabelToNode.createUseLabelAsGiven())
                    .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging).parse(dsg);
        } catch (RiotException e) {
            return null;
        }
        return dsg;
    }

    /** The loader's result for {@code bytes} as a file with extension {@code ext}. */
    Loaded load(byte[] bytes, String ext) {
        try {
            Path f = dir.resolve("doc" + n + "." + ext);
            Files.write(f, bytes);
            try (QuadStore store = QuadStore.open(dir.resolve("store" + n++))) {
                LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(1).withBase(BASE));
                return new Loaded(r, StoreContents.copy(store));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Loaded(LoadReport report, DatasetGraph contents) {
        Set<Long> errorLines() {
            return report.errors().stream().map(LoadError::line).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    @Override
    public void close() throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
