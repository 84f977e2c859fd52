package dev.quarry.spark;

import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.parse.Prologue;
import dev.quarry.loader.prebuilt.BuildManifest;
import dev.quarry.loader.prebuilt.BuildStats;
import dev.quarry.loader.prebuilt.DictionarySnapshot;
import dev.quarry.spark.dict.DictionaryFiles;
import dev.quarry.spark.dict.GlobalIds;
import dev.quarry.spark.dict.Key;
import dev.quarry.spark.dict.SnapshotInput;
import dev.quarry.spark.index.IndexBuild;
import dev.quarry.spark.output.OutputDir;
import dev.quarry.spark.parse.InputFiles;
import dev.quarry.spark.parse.ParsedSplit;
import dev.quarry.spark.parse.SplitParser;
import dev.quarry.spark.parse.WholeFileParser;
import dev.quarry.store.QuadStore;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.encoding.TermLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.TextInputFormat;
import org.apache.spark.SerializableWritable;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaHadoopRDD;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The build, stage by stage:
 * <ol>
 * <li>PARSE: each input split (Hadoop's line reader: large plain and bzip2 N-Quads/N-Triples
 *     files are split; a Turtle or TriG file is one split, read whole by one task) parsed by the
 *     loader's parser into quads of split-local ids, the split's own term and namespace tables,
 *     counts and errors;
 * <li>PREFIXES: namespaces numbered globally ({@link GlobalIds}), the terms' namespace ids rewritten;
 * <li>TERMS: terms numbered globally, the quads' ids rewritten;
 * <li>INDEXES: per index a range-partitioned sort and one SST file per partition, with statistics;
 * <li>DICTIONARY: the new terms' and namespaces' files;
 * <li>the statistics file, the report, and last the manifest.
 * </ol>
 * Each split's tables and quads are kept (memory, then disk) between stages, so the input is read once.
 */
public final class BuildJob {
    /**
     * @param inputs     files, directories or globs (Hadoop paths)
     * @param output     the new build directory (Hadoop path)
     * @param partitions partitions of each index and dictionary, and the least number of input splits
     * @param dictionary a store's dictionary export to number terms against, or null for a new store
     */
    public record Options(List<String> inputs, String output, int partitions, String dictionary) {
        public Options {
            inputs = List.copyOf(inputs);
            Objects.requireNonNull(output);
            if (partitions < 1) {
                throw new IllegalArgumentException("--partitions must be at least 1: " + partitions);
            }
        }
    }

    private final JavaSparkContext sc;
    private final Options options;
    private final Map<String, Double> stages = new LinkedHashMap<>();
    private long stageStart = System.nanoTime();

    private BuildJob(JavaSparkContext sc, Options options) {
        this.sc = sc;
        this.options = options;
    }

    public static BuildReport run(JavaSparkContext sc, Options options) {
        return new BuildJob(sc, options).run();
    }

    private BuildReport run() {
        OutputDir out = new OutputDir(options.output());
        InputFiles.Found found = InputFiles.expand(options.inputs(), sc.hadoopConfiguration());
        SnapshotInput snapshot = options.dictionary() == null ? null : new SnapshotInput(sc, options.dictionary());
        DictionarySnapshot base = snapshot == null ? DictionarySnapshot.NEW_STORE : snapshot.fingerprint(sc.hadoopConfiguration());
        out.create();
        int partitions = options.partitions();

        JavaRDD<ParsedSplit> parsed = parse(found.files()).persist(StorageLevel.MEMORY_AND_DISK_SER());
        List<ParsedSplit> summaries = parsed.map(ParsedSplit::summary).collect();
        int splits = parsed.getNumPartitions();
        stage("parse");

        GlobalIds prefixes = GlobalIds.assign(parsed.flatMapToPair(BuildJob::namespaces),
                snapshot == null ? null : snapshot.prefixes(), base.nextPrefix(), splits, partitions);
        JavaRDD<ParsedSplit> remapped = parsed.zipPartitions(prefixes.maps(), (a, b) -> List.of(remap(a.next(), GlobalIds.mapOf(b))).iterator())
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        remapped.count();
        parsed.unpersist(false);
        stage("prefixes");

        GlobalIds terms = GlobalIds.assign(remapped.flatMapToPair(BuildJob::terms),
                snapshot == null ? null : snapshot.terms(), base.nextSequence(), splits, partitions);
        JavaRDD<long[]> quads = remapped.zipPartitions(terms.maps(), (a, b) -> List.of(globalQuads(a.next(), GlobalIds.mapOf(b))).iterator())
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        quads.count();
        remapped.unpersist(false);
        stage("terms");

        long records = summaries.stream().mapToLong(ParsedSplit::records).sum();
        List<BuildManifest.FileEntry> files = new ArrayList<>();
        BuildStats stats = new BuildStats();
        long distinct = 0;
        for (Permutation perm : Permutation.values()) {
            for (IndexBuild.Part part : IndexBuild.build(quads, perm, records, partitions, out)) {
                files.add(part.file());
                stats.plus(part.stats());
                if (perm == Permutation.SPOG) {
                    distinct += part.distinct();
                }
            }
        }
        quads.unpersist(false);
        stage("indexes");

        files.addAll(DictionaryFiles.write(terms.fresh(), out, DictionaryFiles.TERM2ID, DictionaryFiles.ID2TERM));
        files.addAll(DictionaryFiles.write(prefixes.fresh(), out, DictionaryFiles.PREFIX_BY_NAME, DictionaryFiles.PREFIX_BY_ID));
        long newTerms = terms.freshCount();
        long newPrefixes = prefixes.freshCount();
        terms.fresh().unpersist(false);
        prefixes.fresh().unpersist(false);
        files.add(statsFile(out, stats));
        stage("dictionary");

        List<LoadError> errors = positioned(summaries, found.files());
        long parsing = summaries.stream().mapToLong(ParsedSplit::parsingErrors).sum();
        long datatype = summaries.stream().mapToLong(ParsedSplit::datatypeErrors).sum();
        BuildReport report = new BuildReport(records, distinct, parsing, datatype, newTerms, newPrefixes,
                found.files().size(), splits, stages, errors);
        out.write("report.json", o -> o.write(report.toJson().getBytes(StandardCharsets.UTF_8)));
        BuildManifest manifest = new BuildManifest(QuadStore.FORMAT_VERSION, base.nextSequence(), base.nextPrefix(),
                base.terms(), newTerms, (int) newPrefixes, distinct, records, parsing, datatype, files);
        out.write(BuildManifest.FILE_NAME, manifest::write);
        return report;
    }

    private void stage(String name) {
        long now = System.nanoTime();
        stages.put(name, (now - stageStart) / 1e9);
        stageStart = now;
    }

    private JavaRDD<ParsedSplit> parse(List<String> files) {
        Map<String, Integer> feeds = new HashMap<>();
        for (String f : files) {
            feeds.put(f, feeds.size() + 1);
        }
        UUID buildId = UUID.randomUUID();
        List<String> lineFiles = files.stream().filter(f -> !InputFiles.wholeFile(f)).toList();
        List<String> wholeFiles = files.stream().filter(InputFiles::wholeFile).toList();
        JavaRDD<ParsedSplit> out = null;
        if (!lineFiles.isEmpty()) {
            JobConf conf = new JobConf(sc.hadoopConfiguration());
            // Lines end at '\n' only, as the loader's: a lone '\r' stays in the line (and is whitespace or an error there).
            conf.set("textinputformat.record.delimiter", "\n");
            FileInputFormat.setInputPaths(conf, lineFiles.stream().map(Path::new).toArray(Path[]::new));
            SplitParser parser = new SplitParser(feeds, buildId);
            JavaHadoopRDD<LongWritable, Text> lines = (JavaHadoopRDD<LongWritable, Text>)
                    sc.hadoopRDD(conf, TextInputFormat.class, LongWritable.class, Text.class, options.partitions());
            out = lines.mapPartitionsWithInputSplit(
                    (split, it) -> List.of(parser.parse(TaskContext.getPartitionId(), split, it)).iterator(), false);
        }
        if (!wholeFiles.isEmpty()) {
            // Turtle and TriG: one file a partition, read whole by one task (a statement may span any
            // number of lines, and prefixes hold from where they are declared on). Relative IRIs
            // resolve against the base 'quarry load' would use run here (the system's).
            WholeFileParser parser = new WholeFileParser(feeds, buildId, Prologue.initial(null).base());
            Broadcast<SerializableWritable<Configuration>> conf =
                    sc.broadcast(new SerializableWritable<>(new Configuration(sc.hadoopConfiguration())));
            JavaRDD<ParsedSplit> whole = sc.parallelize(wholeFiles, wholeFiles.size()).mapPartitions(it -> {
                String file = it.next();
                if (it.hasNext()) {
                    throw new IllegalStateException("two files in one partition: " + file + ", " + it.next());
                }
                return List.of(parser.parse(TaskContext.getPartitionId(), file, conf.value().value())).iterator();
            });
            out = out == null ? whole : out.union(whole);
        }
        return out;
    }

    private static java.util.Iterator<Tuple2<Key, Long>> namespaces(ParsedSplit s) {
        List<Tuple2<Key, Long>> out = new ArrayList<>(s.namespaces().length);
        for (int i = 0; i < s.namespaces().length; i++) {
            out.add(new Tuple2<>(new Key(s.namespaces()[i].getBytes(StandardCharsets.UTF_8)), GlobalIds.occurrence(s.split(), i + 1)));
        }
        return out.iterator();
    }

    private static java.util.Iterator<Tuple2<Key, Long>> terms(ParsedSplit s) {
        List<Tuple2<Key, Long>> out = new ArrayList<>(s.terms().length);
        for (int i = 0; i < s.terms().length; i++) {
            out.add(new Tuple2<>(Key.term(s.terms()[i]), GlobalIds.occurrence(s.split(), i + 1)));
        }
        return out.iterator();
    }

    /** The split's terms with global namespace ids. */
    private static ParsedSplit remap(ParsedSplit s, long[] prefixMap) {
        byte[][] global = new byte[s.terms().length][];
        for (int i = 0; i < global.length; i++) {
            byte[] t = s.terms()[i].clone();
            TermLayout.remapPrefixes(t, 0, local -> (int) prefixMap[local - 1]);
            global[i] = t;
        }
        return s.withTerms(global);
    }

    /** The split's quads with global ids. */
    private static long[] globalQuads(ParsedSplit s, long[] termMap) {
        long[] q = s.quads().clone();
        for (int i = 0; i < q.length; i++) {
            if (TermId.isDictionary(q[i])) {
                q[i] = TermId.dictionaryId(termMap[(int) TermId.sequence(q[i]) - 1]);
            }
        }
        return q;
    }

    private static BuildManifest.FileEntry statsFile(OutputDir out, BuildStats stats) {
        try {
            java.nio.file.Path local = Files.createTempFile("quarry-stats-", ".txt");
            try (var o = Files.newOutputStream(local)) {
                stats.write(o);
            }
            return out.put(local, "stats.txt", BuildManifest.STATS_KIND, stats.quads().size(), "", "");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the statistics: " + e.getMessage(), e);
        }
    }

    /**
     * The splits' errors with lines counted from the start of their file: a split knows only its
     * own lines, but every line is in exactly one split, so a split's first line is one more than
     * the lines of the file's splits before it (bzip2 splits start at compressed positions, which
     * order them just as well).
     */
    private static List<LoadError> positioned(List<ParsedSplit> summaries, List<String> files) {
        Map<String, Integer> order = new HashMap<>();
        files.forEach(f -> order.putIfAbsent(f, order.size()));
        List<ParsedSplit> sorted = new ArrayList<>(summaries);
        sorted.sort(Comparator.comparingInt((ParsedSplit s) -> order.get(s.file())).thenComparingLong(ParsedSplit::start));
        List<LoadError> out = new ArrayList<>();
        Map<String, Long> linesBefore = new HashMap<>();
        for (ParsedSplit s : sorted) {
            long before = linesBefore.getOrDefault(s.file(), 0L);
            for (LoadError e : s.errors()) {
                if (out.size() < LoadReport.MAX_ERRORS) {
                    out.add(new LoadError(e.kind(), e.file(), e.line() == 0 ? 0 : before + e.line(), e.column(), e.message()));
                }
            }
            linesBefore.put(s.file(), before + s.lines());
        }
        return out;
    }
}
