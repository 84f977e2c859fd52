package dev.quarry.endpoint.cli;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadMode;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.Parallelism;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.Sources;
import dev.quarry.loader.progress.LoadProgress;
import dev.quarry.loader.progress.LoadTimeline;
import dev.quarry.loader.progress.StageTimes;
import dev.quarry.store.QuadStore;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.jena.irix.IRIException;
import org.apache.jena.irix.IRIx;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quarry load}: the bulk loader ({@link BulkLoader}) from the command line. */
@Command(name = "load",
        mixinStandardHelpOptions = true,
        description = {
            "Bulk-loads RDF into a store: parses in parallel, sorts within a memory budget, and makes the whole load visible at once (with --mode RESUME: group by group).",
            "",
            "The store is created if DIR is missing or empty. Sources are files, directories (every file below), globs ('dumps/*.nq.gz'), http(s) URLs, or - for stdin."
            + " In directories and globs, files whose name tells no RDF format (README, checksums) are skipped with a warning.",
            "Formats are told by the file extension: nq (N-Quads), nt (N-Triples), ttl (Turtle), trig (TriG), rdf or owl (RDF/XML), jsonld (JSON-LD). Compression (gzip, bzip2, xz, zstd, lz4, snappy, deflate) and tar/zip archives are recognised by their content, so data.nq.gz is N-Quads. An archive entry whose name tells no format is skipped with a warning unless --format is given.",
            "Bad statements (anything RIOT's strict mode rejects: syntax errors, bad IRIs, lexical forms not valid for their datatype, bytes that are not UTF-8) are skipped,"
            + " counted and printed as file:line:col: message; with --fail-on-error the first one stops the load and nothing of it becomes visible."
            + " After a syntax error, N-Triples/N-Quads read on at the next line, Turtle/TriG at the next line where a statement can safely start"
            + " (the error says how many lines were skipped); RDF/XML and JSON-LD stop reading the file.",
            ""})
final class LoadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "The format of every source, instead of telling it from the name: nquads, ntriples,"
                    + " turtle, trig, rdfxml, jsonld. Needed for stdin.")
    String format;

    @Option(names = "--graph", paramLabel = "IRI",
            description = "Put default-graph statements (all triples of N-Triples, Turtle, RDF/XML; the"
                    + " default-graph part of N-Quads and TriG) into this named graph. Named-graph quads"
                    + " keep their graph.")
    String graph;

    @Option(names = "--base", paramLabel = "IRI", description = "Base IRI for relative IRIs in the data.")
    String base;

    @Option(names = "--parallelism", paramLabel = "LEVEL",
            description = "Worker threads as Neptune's levels: LOW (cores/8), MEDIUM (cores/2), HIGH (cores),"
                    + " OVERSUBSCRIBE (cores x 2); at least 1 (default: ${DEFAULT-VALUE}).")
    Parallelism parallelism = Parallelism.HIGH;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads; overrides --parallelism.")
    int threads;

    @Option(names = "--memory", paramLabel = "SIZE", converter = ByteSize.Positive.class,
            description = "Heap the load may use for batches, sorted runs and the dictionary, e.g. 512m, 2g"
                    + " (default: half the maximum heap). Beyond it, sorted runs spill to disk.")
    long memory;

    @Option(names = "--tmp", paramLabel = "DIR", description = "Where spill files go (default: the store's tmp/).")
    Path tmp;

    @Option(names = "--fail-on-error", description = "Stop at the first bad statement; nothing of the load becomes visible"
            + " (with --mode RESUME: nothing of the group in progress; groups committed before stay).")
    boolean failOnError;

    @Option(names = "--mode", paramLabel = "MODE",
            description = "NEW loads every source in one commit: a killed or failed load leaves nothing."
                    + " RESUME skips the files (archive entries) an earlier load committed, and commits as it goes,"
                    + " a group of whole files at a time (see --commit-size): a killed load keeps the groups"
                    + " committed before, and the same command run again loads the rest (default: ${DEFAULT-VALUE}).")
    LoadMode mode = LoadMode.NEW;

    @Option(names = "--commit-size", paramLabel = "SIZE", converter = ByteSize.Positive.class,
            description = "With --mode RESUME: commit once the files read since the last commit reach SIZE of input,"
                    + " e.g. 1 (every file), 256m (default: 64m or 1/32 of all input, whichever is larger).")
    long commitSize;

    @Option(names = "--report", paramLabel = "FILE", description = "Also write the summary and the first errors as JSON to FILE"
            + " (also when the load fails: then its status is FAILED, with the reason and the errors seen).")
    Path report;

    @Option(names = "--timeline", paramLabel = "FILE",
            description = "Also write the course of the load as TSV to FILE, about one row a second and one at each"
                    + " phase change: elapsed_ms, phase (reading, merging, committing, done), input_bytes (as stored,"
                    + " so compressed bytes for compressed files), quads (parsed so far), errors, heap_bytes,"
                    + " cpu_ms (process CPU time). bench/charts.py draws quads/s over time from it.")
    Path timelineFile;

    @Option(names = "--progress", paramLabel = "WHEN",
            description = "Progress on stderr: auto (one line redrawn in place when stderr is a terminal, else a line"
                    + " every 5 s), always (redrawn in place), never (default: ${DEFAULT-VALUE}). Lines are cut to the"
                    + " terminal width (COLUMNS, else 80).")
    ProgressMode progressMode = ProgressMode.AUTO;

    @Parameters(arity = "1..*", paramLabel = "SOURCE", description = "Files, directories, globs, URLs, or - for stdin.")
    List<String> sources;

    @Override
    public Integer call() {
        LoadHeap.tighten();
        LoadOptions options = options();
        Sources.expand(sources, java.io.InputStream.nullInputStream()); // a missing file fails before the store is touched
        PrintStream out = System.out;
        LoadProgressPrinter progress = new LoadProgressPrinter(System.err, progressMode.display(Terminal.stderrIsTerminal()),
                Terminal.width(System.getenv()), failOnError);
        LoadTimeline timeline = new LoadTimeline();
        try (QuadStore qs = store.openOrCreate()) {
            LoadReport r;
            try {
                r = BulkLoader.load(qs, options, timelineFile == null ? progress : recording(progress, timeline));
            } catch (LoadException e) {
                progress.end();
                if (report != null) {
                    write("--report", report, LoadReport.failureJson(e.getMessage(), progress.errorsSeen()));
                }
                throw failure(e, progress.firstError());
            }
            progress.end();
            progress.printErrorTail();
            print(out, r, qs.stats().quads());
            if (report != null) {
                write("--report", report, r.toJson());
            }
            if (timelineFile != null) {
                write("--timeline", timelineFile, timeline.toTsv());
            }
            if (r.statementsLost()) {
                long lost = r.parsingErrors() + r.datatypeMismatchErrors() + r.insertErrors();
                System.err.printf(Text.LOCALE, "%s: %,d bad statement%s not loaded (exit status %d)%n",
                        r.totalRecords() == 0 ? "nothing was loaded" : "loaded with errors", lost, lost == 1 ? "" : "s",
                        Main.STATEMENTS_LOST);
                return Main.STATEMENTS_LOST;
            }
        }
        return Main.OK;
    }

    private LoadOptions options() {
        RdfFormat fmt = format == null ? null : RdfFormat.byName(format).orElseThrow(() -> new ParameterException(
                spec.commandLine(), "unknown format '" + format + "': use nquads, ntriples, turtle, trig, rdfxml or jsonld"));
        checkAbsoluteIri("--graph", graph);
        checkAbsoluteIri("--base", base);
        if (threads < 0) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + threads);
        }
        return LoadOptions.of(sources).withFormat(fmt).withGraph(graph).withBase(base).withParallelism(parallelism)
                .withThreads(threads).withMemory(memory).withTmpDir(tmp).withFailOnError(failOnError)
                .withMode(mode).withCommitBytes(commitSize);
    }

    /** A failed load as one line: positioned for a bad statement, else what went wrong. */
    private static RuntimeException failure(LoadException e, LoadError first) {
        if (first != null && first.toString().equals(e.getMessage())) {
            return CliFailure.at(first.file(), first.line(), first.column(), first.message(), e);
        }
        if (e.getCause() instanceof UncheckedIOException io) {
            return io;
        }
        return new CliFailure(e.getMessage(), e);
    }

    /** {@code printer}, also recording each progress snapshot into {@code timeline}. */
    private static LoadListener recording(LoadProgressPrinter printer, LoadTimeline timeline) {
        return new LoadListener() {
            @Override
            public void progress(LoadProgress p) {
                timeline.add(p);
                printer.progress(p);
            }

            @Override
            public void error(LoadError e) {
                printer.error(e);
            }

            @Override
            public void warning(String message) {
                printer.warning(message);
            }

            @Override
            public boolean cancelled() {
                return printer.cancelled();
            }
        };
    }

    private static void write(String option, Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliFailure(option + " " + file + ": cannot write: " + e.getMessage(), e);
        }
    }

    private void checkAbsoluteIri(String option, String iri) {
        if (iri == null) {
            return;
        }
        try {
            if (!IRIx.create(iri).isAbsolute()) {
                throw new ParameterException(spec.commandLine(), option + " needs an absolute IRI, got '" + iri + "'");
            }
        } catch (IRIException e) {
            throw new ParameterException(spec.commandLine(), option + ": bad IRI '" + iri + "': " + e.getMessage());
        }
    }

    /** The summary, with Neptune's names for the counts. */
    static void print(PrintStream out, LoadReport r, long storeQuads) {
        out.printf(Text.LOCALE, "loaded %d feed%s in %s%n", r.feedsLoaded(), r.feedsLoaded() == 1 ? "" : "s",
                Text.seconds((long) (r.totalTimeSpent() * 1e9)));
        if (r.feedsSkipped() > 0) {
            out.printf(Text.LOCALE, "  skipped (RESUME)        %,d feeds%n", r.feedsSkipped());
        }
        if (r.commits() > 1) {
            out.printf(Text.LOCALE, "  commits (RESUME)        %,d%n", r.commits());
        }
        if (r.entriesSkipped() > 0) {
            out.printf(Text.LOCALE, "  skipped entries         %,d (format unknown; see the warnings)%n", r.entriesSkipped());
        }
        out.printf(Text.LOCALE, "  totalRecords            %,d%n", r.totalRecords());
        out.printf(Text.LOCALE, "  totalDuplicates         %,d%n", r.totalDuplicates());
        out.printf(Text.LOCALE, "  parsingErrors           %,d%n", r.parsingErrors());
        out.printf(Text.LOCALE, "  datatypeMismatchErrors  %,d%n", r.datatypeMismatchErrors());
        out.printf(Text.LOCALE, "  insertErrors            %,d%n", r.insertErrors());
        out.printf(Text.LOCALE, "  totalTimeSpent          %.3f s%n", r.totalTimeSpent());
        out.printf(Text.LOCALE, "  new quads               %,d%n", r.newQuads());
        out.printf(Text.LOCALE, "  rate                    %,.0f quads/s%n", r.quadsPerSecond());
        out.printf(Text.LOCALE, "  peak heap               %s%n", Text.bytes(r.peakHeapBytes()));
        out.printf(Text.LOCALE, "  store size              %s, %,d quads%n", Text.bytes(r.storeSizeBytes()), storeQuads);
        StringBuilder stages = new StringBuilder();
        for (StageTimes.Stage s : StageTimes.Stage.values()) {
            stages.append(stages.isEmpty() ? "" : ", ").append(s.key).append(' ')
                    .append(String.format(Text.LOCALE, "%.1f", r.stageSeconds().getOrDefault(s, 0.0)));
        }
        out.printf(Text.LOCALE, "  stage thread-seconds    %s%n", stages);
    }
}
