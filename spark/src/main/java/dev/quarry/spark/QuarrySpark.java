package dev.quarry.spark;

import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code quarry-spark}: the main class of the spark-submit jar. Failures end with exit code 1
 * and one line on stderr; usage errors with 2.
 */
@Command(name = "quarry-spark", mixinStandardHelpOptions = true, versionProvider = QuarrySpark.Version.class,
        description = {"Builds Quarry store files on Apache Spark, for 'quarry ingest'.", ""},
        subcommands = {QuarrySpark.Build.class, CommandLine.HelpCommand.class})
public final class QuarrySpark implements Callable<Integer> {
    @Override
    public Integer call() {
        new CommandLine(this).usage(System.err);
        return 2;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new QuarrySpark());
        cl.setExecutionExceptionHandler((e, c, parsed) -> {
            if (Boolean.getBoolean("quarry.debug")) {
                e.printStackTrace();
            }
            c.getErr().println("quarry-spark " + c.getCommandName() + ": " + oneLine(e));
            return 1;
        });
        return cl;
    }

    /** The innermost message that says something, on one line. */
    static String oneLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && (t.getMessage() == null || t instanceof org.apache.spark.SparkException)) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.toString() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** The jar's version (its manifest's Implementation-Version). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = QuarrySpark.class.getPackage().getImplementationVersion();
            return new String[] {"quarry-spark " + (v == null ? "(development build)" : v)};
        }
    }

    @Command(name = "build", mixinStandardHelpOptions = true, versionProvider = QuarrySpark.Version.class,
            description = {
                "Parses N-Quads, N-Triples, Turtle and TriG files with the loader's parsers and writes a store's index,"
                        + " dictionary and statistics files, with a manifest, to a new directory on any Hadoop file system."
                        + " Copy that directory to the Quarry machine and run 'quarry ingest --store DIR BUILD_DIR'.",
                "",
                "Files: .nq/.nt/.ttl/.trig (the format by the name, as 'quarry load' tells it), plain, .gz or .bz2."
                        + " Plain and bzip2 N-Quads/N-Triples files are split across tasks, gzip ones are one task each;"
                        + " a Turtle or TriG file is never split: one task reads it whole (it cannot be cut at arbitrary"
                        + " byte offsets), so give a large dump as many files or as N-Triples. Relative IRIs resolve"
                        + " against the system base, as 'quarry load' without --base. Bad statements are skipped and"
                        + " reported (file:line:col) as 'quarry load' does; the build writes report.json beside the files.",
                "",
                "Without --dictionary the files are for a new, empty store only. For a store with data, export its"
                        + " dictionary first ('quarry export-dictionary --store DIR OUT') and pass it: known terms keep"
                        + " the store's ids. The ingest refuses a build whose store's dictionary changed since the export.",
                "",
                "The Spark master and resources come from spark-submit (or -Dspark.master for a local run).",
                ""})
    static final class Build implements Callable<Integer> {
        @Option(names = "--input", required = true, arity = "1..*", paramLabel = "URI",
                description = "Input files, directories (read recursively) or globs, on any Hadoop file system.")
        List<String> inputs;

        @Option(names = "--output", required = true, paramLabel = "DIR",
                description = "The build directory to create (must not exist, or be empty).")
        String output;

        @Option(names = "--partitions", paramLabel = "N", defaultValue = "0",
                description = "Partitions (= SST files) per index and dictionary, and the least number of input splits."
                        + " Default (0): Spark's default parallelism.")
        int partitions;

        @Option(names = "--dictionary", paramLabel = "DIR",
                description = "A store's dictionary export ('quarry export-dictionary'), for a build to ingest into that store.")
        String dictionary;

        @Override
        public Integer call() {
            if (partitions < 0) {
                throw new IllegalArgumentException("--partitions must be at least 1 (or 0 for Spark's default parallelism): " + partitions);
            }
            SparkConf conf = new SparkConf().setAppName("quarry-spark build").setIfMissing("spark.ui.showConsoleProgress", "false");
            try (JavaSparkContext sc = new JavaSparkContext(conf)) {
                sc.setLogLevel(System.getProperty("quarry.spark.logLevel", "WARN"));
                int n = partitions > 0 ? partitions : sc.defaultParallelism();
                BuildReport r = BuildJob.run(sc, new BuildJob.Options(inputs, output, n, dictionary));
                System.out.printf("built %s: %,d statements, %,d distinct quads, %,d new terms, %,d errors in %.1f s %s%n",
                        output, r.totalRecords(), r.quads(), r.newTerms(), r.parsingErrors() + r.datatypeMismatchErrors(),
                        r.totalSeconds(), r.stageSeconds());
                r.errors().stream().limit(20).forEach(e -> System.err.println(e));
                return 0;
            }
        }
    }
}
