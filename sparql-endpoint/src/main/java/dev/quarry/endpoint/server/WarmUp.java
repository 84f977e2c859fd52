package dev.quarry.endpoint.server;

import dev.quarry.store.QuadStore;
import java.io.InputStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.Node;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.out.NodeFmtLib;
import org.apache.jena.riot.resultset.ResultSetLang;

/**
 * Warms a freshly started JVM before the server accepts its first client: for a time budget,
 * first the store's blocks read into RocksDB's block cache (the dictionary first, up to half
 * of it, in at most half the budget: a block's first reader otherwise reads and decompresses
 * it), then
 * generic SPARQL queries built from the store's own terms (lookups, joins, FILTERs, OPTIONAL,
 * UNION, ORDER BY with LIMIT, aggregates, DESCRIBE, CONSTRUCT, in every result format) go
 * through a private read-only server on a loopback port, so HotSpot compiles the request path,
 * the planner, the operators and the writers before real queries arrive. Measured: a fresh
 * server spends its first ~6,000 queries (one BSBM driver run) with the C2 compiler busy on
 * one core and answers them 10-30 % slower than when warm (docs/benchmarks.md). The queries
 * name no application's shapes: only what the store holds (its predicates and some of their
 * subjects and objects) decides them. Stops early once the JIT compilers are mostly idle.
 */
public final class WarmUp {
    /**
     * The result of a warm-up: keys read into the block cache, the seconds that took and the
     * bytes the cache then held, queries asked, how many of them timed out or failed, seconds
     * spent in all, JIT compile seconds meanwhile.
     */
    public record Result(long preloadedKeys, double preloadSeconds, long cachedBytes, int queries, int unanswered,
                         double seconds, double compileSeconds) {}

    private static final String[] RESULT_FORMATS = {"application/sparql-results+xml", "application/sparql-results+json",
        "text/csv", "text/tab-separated-values"};
    private static final String[] GRAPH_FORMATS = {"application/rdf+xml", "text/turtle", "application/n-triples"};
    /** Not before this: the first seconds are all compilation. */
    private static final Duration MIN = Duration.ofSeconds(3);
    /** Stop when the compilers took less than this share of a window of this length. */
    private static final double IDLE_COMPILE_SHARE = 0.1;
    private static final Duration WINDOW = Duration.ofSeconds(2);
    /** The longest a warm-up query may run (a shape that is heavy on a large store). */
    private static final Duration QUERY_TIMEOUT = Duration.ofMillis(500);
    /**
     * A shape not answered this many times is asked no more: on a large store a full sort
     * or join of a big predicate would take the whole budget (measured at 5 M triples: 195
     * queries in 27 s, against ~1,900 at 1 M) and warm nothing else.
     */
    private static final int DROP_AFTER = 2;
    /** Connecting and reading over a connection of its own: far beyond QUERY_TIMEOUT, only against a hang. */
    private static final Duration ONE_SHOT_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Each shape gets the same share of the time, not the same number of asks: a shape ahead
     * of the least-served one by more than this waits. With equal counts a fresh server at 1 M
     * triples spent its 30 s on ~3,200 queries, most of it in a few heavy sorts and joins,
     * while the fixed path of a short query (request, parse, plan, writer) needs tens of
     * thousands of runs before C2 has compiled it with its final profile.
     */
    private static final Duration SHARE_SLACK = Duration.ofMillis(20);

    private final QuarryServer server = new QuarryServer();
    private volatile boolean stopped;
    /** {@link #run} has begun (guarded by this); {@code done} counts down when it has returned. */
    private boolean started;
    private final CountDownLatch done = new CountDownLatch(1);

    /**
     * Runs the warm-up over {@code store} for at most {@code budget} (the options of the real
     * server, whose limits apply; it listens on 127.0.0.1 on a free port, read-only).
     * Returns early, with what was done, if {@link #stop()} is called.
     */
    public Result run(QuadStore store, ServerOptions options, Duration budget) {
        long start = System.nanoTime();
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long compileStart = compileMillis(jit);
        int queries = 0;
        int unanswered = 0;
        try {
            int port;
            synchronized (this) {
                if (stopped) {
                    return new Result(0, 0, 0, 0, 0, 0, 0);
                }
                started = true;
                port = server.start(store, options.toBuilder().bind("127.0.0.1").port(0).readOnly(true).build());
            }
            // Inside run, so that stop() waits for it too: the store must not close under its iterator.
            long preloadEnd = start + budget.toNanos() / 2;
            long preloaded = store.preloadBlockCache(store.options().blockCacheBytes() / 2,
                    () -> stopped || System.nanoTime() > preloadEnd);
            double preloadSeconds = seconds(start);
            long cached = store.engineMemory().getOrDefault("block_cache", 0L); // read here: the store may close once run returns
            if (stopped) {
                return new Result(preloaded, preloadSeconds, cached, 0, 0, preloadSeconds,
                        (compileMillis(jit) - compileStart) / 1000.0);
            }
            String endpoint = "http://127.0.0.1:" + port + "/sparql";
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                List<Sample> samples = sample(store, client, endpoint);
                SplittableRandom random = new SplittableRandom(1);
                long end = start + budget.toNanos();
                long windowStart = System.nanoTime();
                long windowCompile = compileMillis(jit);
                int[] failures = null; // per shape of a round
                long[] spent = null; // nanoseconds per shape of a round
                while (!samples.isEmpty() && !stopped && System.nanoTime() < end) {
                    List<Request> round = round(samples, random);
                    failures = failures == null ? new int[round.size()] : failures;
                    spent = spent == null ? new long[round.size()] : spent;
                    for (int i = 0; i < round.size() && !stopped; i++) {
                        if (failures[i] >= DROP_AFTER || spent[i] > leastSpent(spent, failures) + SHARE_SLACK.toNanos()) {
                            continue;
                        }
                        long asked = System.nanoTime();
                        if (!ask(client, endpoint, round.get(i), Connection.values()[queries % Connection.values().length])) {
                            unanswered++;
                            failures[i]++;
                        }
                        spent[i] += System.nanoTime() - asked;
                        queries++;
                    }
                    long now = System.nanoTime();
                    if (now - windowStart >= WINDOW.toNanos()) {
                        long compiled = compileMillis(jit);
                        boolean idle = jit != null && jit.isCompilationTimeMonitoringSupported()
                                && (compiled - windowCompile) * 1e6 < IDLE_COMPILE_SHARE * (now - windowStart);
                        if (idle && now - start >= MIN.toNanos()) {
                            break;
                        }
                        windowStart = now;
                        windowCompile = compiled;
                    }
                }
            }
            return new Result(preloaded, preloadSeconds, cached, queries, unanswered, seconds(start),
                    (compileMillis(jit) - compileStart) / 1000.0);
        } finally {
            synchronized (this) {
                server.stop();
            }
            done.countDown();
        }
    }

    /**
     * Ends a running warm-up from another thread (a shutdown hook) and returns once {@link #run}
     * has returned: after this nothing of the warm-up reads the store, which may then be closed.
     */
    public void stop() {
        boolean wait;
        synchronized (this) {
            stopped = true;
            server.stop();
            wait = started;
        }
        if (wait) {
            try {
                done.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A statement of the store: subject, predicate and object in SPARQL syntax; {@code numeric} if the object is a number. */
    private record Sample(String s, String p, String o, boolean numeric) {}

    record Request(String query, String accept) {}

    /**
     * Up to 20 statements of each of 40 of the store's predicates (from its statistics: no scan
     * of the store; no blank nodes, which a query cannot name).
     */
    private static List<Sample> sample(QuadStore store, HttpClient client, String endpoint) {
        List<Sample> out = new ArrayList<>();
        for (Node pred : store.stats().quadsPerPredicate().keySet().stream().limit(40).toList()) {
            String query = "SELECT ?s ?o WHERE { ?s " + NodeFmtLib.strNT(pred) + " ?o } LIMIT 20";
            List<QuerySolution> rows;
            try {
                rows = select(client, endpoint, query);
            } catch (NotAnswered e) {
                continue; // timed out: a store too slow for this predicate's sample
            }
            for (QuerySolution row : rows) {
                Node s = row.get("s").asNode(), o = row.get("o").asNode();
                if (s.isBlank() || o.isBlank()) {
                    continue;
                }
                boolean numeric = o.isLiteral() && o.getLiteralDatatype() != null
                        && o.getLiteralDatatype().getJavaClass() != null
                        && Number.class.isAssignableFrom(o.getLiteralDatatype().getJavaClass());
                out.add(new Sample(NodeFmtLib.strNT(s), NodeFmtLib.strNT(pred), NodeFmtLib.strNT(o), numeric));
            }
        }
        return out;
    }

    /** One round: each query shape once, with terms of two random statements. */
    private static List<Request> round(List<Sample> samples, SplittableRandom random) {
        Sample a = samples.get(random.nextInt(samples.size()));
        Sample b = samples.get(random.nextInt(samples.size()));
        String results = RESULT_FORMATS[random.nextInt(RESULT_FORMATS.length)];
        String graphs = GRAPH_FORMATS[random.nextInt(GRAPH_FORMATS.length)];
        String filter = a.numeric
                ? "FILTER(?v " + new String[] {"<", ">", "<=", ">=", "="}[random.nextInt(5)] + " " + a.o + ")"
                : "FILTER(isLiteral(?v) && CONTAINS(STR(?v), \"e\"))";
        List<Request> r = new ArrayList<>();
        for (String q : new String[] {
            "SELECT ?p ?o WHERE { " + a.s + " ?p ?o }",
            "SELECT ?s WHERE { ?s " + a.p + " " + a.o + " } LIMIT 50",
            "SELECT ?x ?y WHERE { " + a.s + " " + a.p + " ?x . ?x ?q ?y } LIMIT 30",
            "SELECT DISTINCT ?t WHERE { ?s " + a.p + " " + a.o + " . ?s ?q ?t } LIMIT 20",
            "SELECT ?s ?v ?w WHERE { ?s " + a.p + " ?v . OPTIONAL { ?s " + b.p + " ?w } } LIMIT 25",
            "SELECT * WHERE { { " + a.s + " ?p ?o } UNION { ?x ?p " + a.s + " } } LIMIT 40",
            "SELECT ?s ?v WHERE { ?s " + a.p + " ?v } ORDER BY ?v LIMIT 10",
            "SELECT DISTINCT ?s ?v WHERE { ?s " + a.p + " ?v . ?s " + b.p + " ?w } ORDER BY DESC(?v) LIMIT 5",
            "SELECT ?p (COUNT(*) AS ?n) WHERE { " + a.s + " ?p ?o } GROUP BY ?p",
            "ASK { " + a.s + " " + a.p + " ?o }",
            "SELECT ?s ?v WHERE { ?s " + a.p + " ?v " + filter + " } LIMIT 20",
            "SELECT ?s ?v WHERE { ?s " + a.p + " ?v . FILTER NOT EXISTS { ?s " + b.p + " ?w } } LIMIT 15",
            "SELECT ?o (STR(?o) AS ?str) (LANG(?o) AS ?l) (DATATYPE(?o) AS ?d) WHERE { " + a.s + " ?p ?o } LIMIT 20",
        }) {
            r.add(new Request(q, results));
        }
        r.add(new Request("DESCRIBE " + a.s, graphs));
        r.add(new Request("CONSTRUCT { " + a.s + " ?p ?o } WHERE { " + a.s + " ?p ?o }", graphs));
        return r;
    }

    private static List<QuerySolution> select(HttpClient client, String endpoint, String query) {
        List<QuerySolution> rows = new ArrayList<>();
        try (InputStream in = send(client, endpoint, new Request(query, "application/sparql-results+json"), false)) {
            ResultSet rs = ResultSetMgr.read(in, ResultSetLang.RS_JSON);
            rs.forEachRemaining(rows::add);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("warm-up: " + e.getMessage(), e);
        }
        return rows;
    }

    /**
     * How a warm-up request reaches the server. Clients differ: some keep one connection open
     * (GET or form POST), many open a connection per query, which they close themselves after
     * reading the answer (the BSBM driver, curl) or ask the server to close (Python's urllib,
     * on which SPARQLWrapper is built). Each way runs its own code in the server (accepting,
     * building a connection's pipeline, closing on either side). Warmed only over a kept-alive
     * connection, a fresh server compiled ~1,000 methods more in its first 1,200 queries from a
     * client of the second kind (BSBM Q9 alone at 1 M, the official driver) and answered them in
     * 0.66 ms on average; warmed all four ways, ~400 and 0.52 ms (medians of three fresh servers).
     */
    private enum Connection { KEPT_GET, KEPT_POST, ONCE_CLIENT_CLOSES, ONCE_SERVER_CLOSES }

    /** Asks {@code r}; false if it did not answer 200 (e.g. timed out). */
    private static boolean ask(HttpClient client, String endpoint, Request r, Connection how) {
        if (how == Connection.ONCE_CLIENT_CLOSES || how == Connection.ONCE_SERVER_CLOSES) {
            return askOnce(endpoint, r, how == Connection.ONCE_SERVER_CLOSES);
        }
        try (InputStream in = send(client, endpoint, r, how == Connection.KEPT_GET)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return true;
        } catch (NotAnswered e) {
            return false;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("warm-up: " + e.getMessage(), e);
        }
    }

    /**
     * Asks {@code r} as a form POST over a connection of its own: closed by this side after the
     * answer is read (disconnect with the body left open closes the socket, as the BSBM driver
     * does) or, with {@code serverCloses}, by the server after it answered "Connection: close".
     */
    static boolean askOnce(String endpoint, Request r, boolean serverCloses) {
        HttpURLConnection c = null;
        try {
            c = (HttpURLConnection) URI.create(endpoint).toURL().openConnection();
            c.setConnectTimeout((int) ONE_SHOT_TIMEOUT.toMillis());
            c.setReadTimeout((int) ONE_SHOT_TIMEOUT.toMillis());
            c.setRequestMethod("POST");
            c.setDoOutput(true);
            c.setRequestProperty("Accept", r.accept);
            c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
            if (serverCloses) {
                c.setRequestProperty("Connection", "close");
            }
            try (java.io.OutputStream out = c.getOutputStream()) {
                out.write(form(r).getBytes(StandardCharsets.UTF_8));
            }
            if (c.getResponseCode() != 200) {
                return false;
            }
            c.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return true;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("warm-up: " + e.getMessage(), e);
        } finally {
            if (c != null) {
                c.disconnect();
            }
        }
    }

    /** A query answered with another status than 200. */
    private static final class NotAnswered extends RuntimeException {
        NotAnswered(String message) {
            super(message, null, false, false);
        }
    }

    /** Sends the query (a GET, or a form POST as most clients do) and returns the body of a 200 answer. */
    private static InputStream send(HttpClient client, String endpoint, Request r, boolean get) throws java.io.IOException {
        String form = form(r);
        HttpRequest.Builder b = HttpRequest.newBuilder().header("Accept", r.accept);
        HttpRequest request = get
                ? b.uri(URI.create(endpoint + "?" + form)).GET().build()
                : b.uri(URI.create(endpoint)).header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        HttpResponse<InputStream> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted");
        }
        if (response.statusCode() != 200) {
            String body = new String(response.body().readNBytes(300), StandardCharsets.UTF_8);
            response.body().close();
            throw new NotAnswered("warm-up query answered " + response.statusCode() + ": " + body.strip()
                    + " (query: " + r.query + ")");
        }
        return response.body();
    }

    /** The request's form: the query, and a timeout after which a shape that is heavy on this store gives up (its answer is not 200). */
    private static String form(Request r) {
        return "query=" + URLEncoder.encode(r.query, StandardCharsets.UTF_8) + "&timeout=" + QUERY_TIMEOUT.toMillis() / 1000.0;
    }

    /** The least time spent on a shape still asked. */
    private static long leastSpent(long[] spent, int[] failures) {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < spent.length; i++) {
            if (failures[i] < DROP_AFTER) {
                least = Math.min(least, spent[i]);
            }
        }
        return least;
    }

    private static long compileMillis(CompilationMXBean jit) {
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
