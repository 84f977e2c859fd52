package dev.quarry.endpoint.cli;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code quarry demo}: the main job on the sample data shipped in {@code examples/} (copied
 * into the jar at build time): load it, count it with SPARQL, run two queries across graphs.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Loads the sample data and queries it.",
            "",
            "Loads examples/data (N-Quads, gzip-compressed N-Quads, TriG and Turtle: a default graph and four named graphs) into a store, prints the load summary, counts the quads with SPARQL, checks the count against the store's statistics and runs two queries of examples/queries.",
            "Without --store, the store is a temporary directory, deleted at the end.",
            ""})
final class DemoCommand implements Callable<Integer> {
    /** Where the build puts the examples inside the jar. */
    static final String RESOURCES = "/quarry-examples/";
    static final List<String> DATA = List.of("library.nq", "loans.nq.gz", "reviews.trig", "vocabulary.ttl");
    static final String COUNT_QUERY = "count.rq";
    static final List<String> SHOWN_QUERIES = List.of(COUNT_QUERY, "quads-per-graph.rq", "top-rated-books.rq");

    @Option(names = "--store", paramLabel = "DIR",
            description = "Load into this store (created if missing or empty) and keep it.")
    Path storeDir;

    @Override
    public Integer call() throws IOException {
        PrintStream out = System.out;
        Path work = Files.createTempDirectory("quarry-demo-");
        try {
            Path data = Files.createDirectories(work.resolve("data"));
            for (String name : DATA) {
                try (InputStream in = resource("data/" + name)) {
                    Files.copy(in, data.resolve(name));
                }
            }
            Path storePath = storeDir != null ? storeDir : work.resolve("store");
            out.println("Quarry demo: loading the sample data of examples/data (" + String.join(", ", DATA) + ")");
            out.println("into " + (storeDir != null ? "the store " + storeDir : "a temporary store") + ".");
            out.println();
            try (QuadStore store = QuadStore.open(storePath)) {
                LoadReport report = BulkLoader.load(store, LoadOptions.of(data.toString()).withFailOnError(true));
                LoadCommand.print(out, report, store.stats().quads());
                QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
                for (String name : SHOWN_QUERIES) {
                    show(dsg, name, out);
                }
                checkCount(dsg, store.stats().quads(), out);
            }
        } finally {
            deleteRecursively(work);
        }
        return Main.OK;
    }

    private static void show(QuarryDatasetGraph dsg, String name, PrintStream out) {
        String text = text(name);
        out.println();
        out.println("examples/queries/" + name + ": " + comment(text));
        out.flush();
        QueryPrinter.print(dsg, query(name, text), ResultFormat.TABLE, out);
    }

    /** The demo's own check: the SPARQL count equals the quads the store says it holds. */
    private static void checkCount(QuarryDatasetGraph dsg, long storeQuads, PrintStream out) {
        Query count = query(COUNT_QUERY, text(COUNT_QUERY));
        long counted = Txn.calculateRead(dsg, () -> {
            try (QueryExec exec = QueryExec.dataset(dsg).query(count).build()) {
                return ((Number) exec.select().next().get("quads").getLiteralValue()).longValue();
            }
        });
        out.println();
        if (counted != storeQuads) {
            throw new CliFailure("SPARQL counts " + counted + " quads but the store's statistics say " + storeQuads);
        }
        out.printf(Text.LOCALE, "SPARQL COUNT: %,d quads, as the store's statistics say.%n", counted);
    }

    private static Query query(String name, String text) {
        return new SparqlInput("examples/queries/" + name, text, true).parseQuery();
    }

    /** The query's leading comment lines, joined: what it shows. */
    private static String comment(String query) {
        return query.lines().takeWhile(l -> l.startsWith("#"))
                .map(l -> l.substring(1).strip()).collect(Collectors.joining(" "));
    }

    private static String text(String queryName) {
        try (InputStream in = resource("queries/" + queryName)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String path) throws IOException {
        InputStream in = DemoCommand.class.getResourceAsStream(RESOURCES + path);
        if (in == null) {
            throw new IOException("the sample file examples/" + path + " is not in this build of Quarry");
        }
        return in;
    }

    static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
