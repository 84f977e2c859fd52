package dev.quarry.endpoint.cli;

import dev.quarry.endpoint.server.QuarryServer;
import dev.quarry.endpoint.server.ServerOptions;
import dev.quarry.endpoint.server.WarmUp;
import dev.quarry.endpoint.load.JobRetention;
import dev.quarry.endpoint.source.HttpSourceHosts;
import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.store.QuadStore;
import dev.quarry.store.error.StoreException;
import dev.quarry.store.StoreOptions;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code quarry serve --store DIR}: opens the store and serves it until the process is
 * told to stop (Ctrl-C / SIGTERM), then stops gracefully and closes the store, so every
 * acknowledged write is on disk.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve a store over HTTP: SPARQL 1.1 protocol, graph store protocol, loader API at /loader, query UI at /, /status, /metrics.")
public final class ServeCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

    @Option(names = "--store", required = true, paramLabel = "DIR", description = "the store directory (created if empty)")
    Path store;

    @Option(names = "--port", paramLabel = "PORT", description = "TCP port (default: ${DEFAULT-VALUE})")
    int port = ServerOptions.DEFAULT_PORT;

    @Option(names = "--bind", paramLabel = "ADDR", description = "address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for all)")
    String bind = "127.0.0.1";

    @Option(names = "--read-only", description = "refuse updates and graph store writes")
    boolean readOnly;

    @Option(names = "--auth-token", paramLabel = "TOKEN",
            description = "bearer token required for updates and writes (default: none needed; also QUARRY_AUTH_TOKEN)")
    String authToken = System.getenv("QUARRY_AUTH_TOKEN");

    @Option(names = "--warm-up", paramLabel = "SECONDS",
            description = "before accepting clients (the port is bound at once; they wait), read the store into the block cache (up to "
                    + "half of it, in at most half this time), then run generic queries on the store's own terms "
                    + "through a private loopback port for at most this long, so the JVM has compiled the query path; it ends sooner "
                    + "when the JIT compilers go idle; 0 = accept at once (default: ${DEFAULT-VALUE})")
    double warmUpSeconds = 30;

    @Option(names = "--inline-budget", paramLabel = "MS",
            description = "a query first runs on the thread that read it, saving two thread hand-offs; one that takes longer than this,"
                    + " or whose answer is over 64 KiB, moves to a worker thread and starts again there; 0 = every query on a worker"
                    + " (default: ${DEFAULT-VALUE})")
    long inlineBudgetMillis = ServerOptions.DEFAULT_INLINE_BUDGET.toMillis();

    @Option(names = "--query-timeout", paramLabel = "SECONDS",
            description = "default query timeout; 0 = none; a request's 'timeout' parameter overrides it (default: ${DEFAULT-VALUE})")
    double queryTimeoutSeconds = 300;

    @Option(names = "--max-concurrent-queries", paramLabel = "N", description = "queries at once; more wait in a queue (default: 2 x cores, at least 4)")
    Integer maxConcurrentQueries;

    @Option(names = "--max-queued-queries", paramLabel = "N",
            description = "queries waiting for a place at once; more get 503 with Retry-After (default: ${DEFAULT-VALUE})")
    int maxQueuedQueries = ServerOptions.DEFAULT_MAX_QUEUED_QUERIES;

    @Option(names = "--max-request-bytes", paramLabel = "SIZE", converter = ByteSize.Positive.class, description = "largest query/update/form body (default: ${DEFAULT-VALUE})")
    long maxRequestBytes = 16L << 20;

    @Option(names = "--max-upload-bytes", paramLabel = "SIZE", converter = ByteSize.ZeroAllowed.class, description = "largest graph store upload; 0 = no limit (default: ${DEFAULT-VALUE}, 1 GiB)")
    long maxUploadBytes = ServerOptions.DEFAULT_MAX_UPLOAD_BYTES;

    @Option(names = "--bulk-upload-bytes", paramLabel = "SIZE", converter = ByteSize.ZeroAllowed.class,
            description = "graph store POST uploads with a Content-Length of at least this go through the bulk loader; 0 = never (default: ${DEFAULT-VALUE})")
    long bulkUploadBytes = 64L << 20;

    @Option(names = "--client-timeout", paramLabel = "SECONDS",
            description = "how long a client may stall while sending or reading; also the keep-alive idle limit (default: ${DEFAULT-VALUE})")
    double clientTimeoutSeconds = 60;

    @Option(names = "--shutdown-grace", paramLabel = "SECONDS",
            description = "on SIGTERM / Ctrl-C, how long running requests may finish before they are cancelled (default: ${DEFAULT-VALUE})")
    double shutdownGraceSeconds = 30;

    @Option(names = "--allow-host", paramLabel = "NAME",
            description = "a Host name the server answers to besides loopback names, IP addresses and this machine's name (repeatable; '*' = any; default: none, a guard against DNS rebinding)")
    List<String> allowHost = new ArrayList<>();

    @Option(names = "--allow-write-origin", paramLabel = "ORIGIN",
            description = "a browser origin (e.g. https://app.example:8443) that may write besides the server's own (repeatable; '*' = any; default: none, cross-site writes are refused)")
    List<String> allowWriteOrigin = new ArrayList<>();

    @Option(names = "--cors", description = "answer CORS requests: pages on any origin may read (writes still need --allow-write-origin)")
    boolean cors;

    @Option(names = "--compression", paramLabel = "on|off", arity = "1",
            description = "compress responses with zstd or gzip for clients that send Accept-Encoding (default: ${DEFAULT-VALUE})")
    OnOff compression = OnOff.ON;

    @Option(names = "--compression-min-bytes", paramLabel = "SIZE", converter = ByteSize.ZeroAllowed.class,
            description = "smaller responses are sent uncompressed; streamed ones (over 16 KiB) always compressed (default: ${DEFAULT-VALUE})")
    long compressionMinBytes = ServerOptions.DEFAULT_COMPRESSION_MIN_BYTES;

    @Option(names = "--allow-source", paramLabel = "DIR",
            description = "a directory whose files SPARQL LOAD <file:...> and POST /loader may read (repeatable; default: none, loading files is refused)")
    List<Path> allowSource = new ArrayList<>();

    @Option(names = "--allow-http-source", arity = "0..1", split = ",", paramLabel = "HOST", fallbackValue = "*",
            description = "let SPARQL LOAD and POST /loader fetch http(s) URLs: alone, from any host but loopback and link-local"
                    + " addresses; =HOST,... only from those hosts (name a loopback host to allow it; * adds any public host)"
                    + " (default: refused)")
    List<String> allowHttpSource;

    @Option(names = "--enable-service", description = "allow SPARQL SERVICE (federated queries to other endpoints; default: refused)")
    boolean enableService;

    @Option(names = "--backup-dir", paramLabel = "DIR",
            description = "let POST /backup write store checkpoints into DIR/<UTC time> (same filesystem as the store: SST files are hard-linked); default: backups refused")
    Path backupDir;

    @Option(names = "--loader-jobs-kept", paramLabel = "N",
            description = "finished /loader jobs whose records are kept, the most recent first; older ones are forgotten (default: ${DEFAULT-VALUE}, as Neptune)")
    int loaderJobsKept = JobRetention.DEFAULT_KEPT;

    @Option(names = "--loader-job-max-age", paramLabel = "DAYS",
            description = "forget finished /loader jobs submitted more than this many days ago (may be fractional); 0 = no age limit (default: ${DEFAULT-VALUE})")
    double loaderJobMaxAgeDays = 0;

    @Option(names = "--cache-size", paramLabel = "SIZE", converter = ByteSize.Positive.class,
            description = "RocksDB block cache (uncompressed index, data and dictionary blocks, off the Java heap), e.g. 512m, 2g (default: an eighth of the machine's memory, at least 256m)")
    Long cacheSize;

    @Option(names = "--table-memory", paramLabel = "SIZE", converter = ByteSize.ZeroAllowed.class,
            description = "Java heap for predicates held in memory by subject or object for joins, read once their seeks have paid for it (docs/engine.md); 0 = none (default: a sixteenth of the heap, at most 512m)")
    Long tableMemory;

    @Option(names = "--no-sync", description = "do not wait for the disk on each commit (a crash of the machine may lose the last commits)")
    boolean noSync;

    @Option(names = "--log-level", paramLabel = "LEVEL",
            description = "error, warn, info, debug or trace (default: ${DEFAULT-VALUE}); -Dlogback.configurationFile=FILE replaces all the --log options")
    String logLevel = "info";

    @Option(names = "--access-log", paramLabel = "on|off", arity = "1",
            description = "one line per request: method, path, status, bytes sent, milliseconds, request id (default: ${DEFAULT-VALUE})")
    OnOff accessLog = OnOff.ON;

    @Option(names = "--log-file", paramLabel = "FILE", description = "write the log to FILE, rolled over (default: stderr)")
    Path logFile;

    @Option(names = "--log-roll", paramLabel = "daily|hourly", description = "how often --log-file is rolled over, besides at --log-max-size (default: ${DEFAULT-VALUE})")
    ServeLogging.Roll logRoll = ServeLogging.Roll.DAILY;

    @Option(names = "--log-max-size", paramLabel = "SIZE", description = "roll --log-file over at this size, e.g. 100MB (default: ${DEFAULT-VALUE})")
    String logMaxSize = "100MB";

    @Option(names = "--log-max-history", paramLabel = "N", description = "rolled log files kept, in days (or hours with --log-roll=hourly) (default: ${DEFAULT-VALUE})")
    int logMaxHistory = 30;

    @Option(names = "--log-total-size", paramLabel = "SIZE", description = "the most the rolled log files may take; the oldest go first (default: ${DEFAULT-VALUE})")
    String logTotalSize = "5GB";

    /** A switch given as a value (--access-log=off), so that a default of on can be turned off. */
    enum OnOff {
        ON, OFF;

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT); // as --help shows the default
        }
    }

    @Override
    public Integer call() {
        ServerOptions options;
        StoreOptions storeOptions;
        Duration warmUpBudget;
        try {
            warmUpBudget = seconds(warmUpSeconds);
            options = options();
            storeOptions = storeOptions();
            logging().apply();
        } catch (RuntimeException e) {
            System.err.println("quarry serve: " + e.getMessage());
            return 2;
        }
        String[] version = new VersionProvider().getVersion();
        LOG.info("{}, {}, {} processors, max heap {} MB", version[0], version[2], Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        QuadStore quads;
        try {
            quads = QuadStore.open(store, storeOptions);
        } catch (StoreException e) {
            System.err.println("quarry serve: " + e.getMessage());
            return Main.FAILURE; // as every command whose store cannot be opened (2 is for usage errors)
        }
        LOG.info("store {} opened: {}block cache {} MB, {}", store, readOnly ? "read-only, " : "",
                storeOptions.blockCacheBytes() >> 20, noSync ? "commits not synced (--no-sync)" : "commits synced");
        QuarryServer server = new QuarryServer();
        WarmUp warmUp = warmUpBudget.isZero() ? null : new WarmUp();
        try {
            server.start(quads, options, warmUp == null);
        } catch (RuntimeException e) {
            quads.close();
            System.err.println("quarry serve: " + e.getMessage());
            return Main.FAILURE;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            LOG.info("stopping (signal received)");
            if (warmUp != null) {
                warmUp.stop(); // its queries end before the store closes
            }
            if (server.stop()) {
                quads.close();
                LOG.info("stopped; store {} closed", store);
            } else {
                // A worker still reads the store: closing it under the worker would crash the JVM
                // in native code. Committed writes are in RocksDB's log; the process exits anyway.
                LOG.error("a request did not stop after cancellation; exiting without closing the store");
            }
            ServeLogging.stop();
            stopped.countDown();
        }, "quarry-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        if (warmUp != null) {
            warmUp(warmUp, quads, options, warmUpBudget);
            server.acceptConnections();
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    ServerOptions options() {
        if (compressionMinBytes < 0 || compressionMinBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--compression-min-bytes must be 0..2 GiB, not " + compressionMinBytes);
        }
        ServerOptions.Builder b = ServerOptions.builder()
                .bind(bind)
                .port(port)
                .readOnly(readOnly)
                .authToken(authToken == null || authToken.isBlank() ? null : authToken)
                .queryTimeout(seconds(queryTimeoutSeconds))
                .maxQueuedQueries(maxQueuedQueries)
                .maxRequestBytes(maxRequestBytes)
                .maxUploadBytes(maxUploadBytes)
                .clientTimeout(seconds(clientTimeoutSeconds))
                .shutdownGrace(seconds(shutdownGraceSeconds))
                .allowedHosts(allowHost)
                .writeOrigins(allowWriteOrigin)
                .cors(cors)
                .compressionMinBytes(compression == OnOff.ON ? (int) compressionMinBytes : -1)
                .sources(new SourcePolicy(allowSource, HttpSourceHosts.of(allowHttpSource)))
                .serviceEnabled(enableService)
                .bulkUploadBytes(bulkUploadBytes)
                .loadJobRetention(retention())
                .backupDir(backupDir == null ? null : backupDir.toAbsolutePath().normalize())
                .inlineBudget(inlineBudget());
        if (maxConcurrentQueries != null) {
            b.maxConcurrentQueries(maxConcurrentQueries);
        }
        return b.build();
    }

    private Duration inlineBudget() {
        if (inlineBudgetMillis < 0) {
            throw new IllegalArgumentException("--inline-budget must be 0 or a positive number of milliseconds, not " + inlineBudgetMillis);
        }
        return Duration.ofMillis(inlineBudgetMillis);
    }

    private JobRetention retention() {
        if (loaderJobMaxAgeDays < 0 || Double.isNaN(loaderJobMaxAgeDays) || Double.isInfinite(loaderJobMaxAgeDays)) {
            throw new IllegalArgumentException("--loader-job-max-age must be a non-negative number of days, not "
                    + loaderJobMaxAgeDays);
        }
        return new JobRetention(loaderJobsKept, Duration.ofMillis((long) (loaderJobMaxAgeDays * 86_400_000)));
    }

    /**
     * Runs the warm-up (the store into the block cache, then queries; their server's start, stop
     * and access lines not logged); a failure is logged, not fatal.
     */
    private static void warmUp(WarmUp warmUp, QuadStore quads, ServerOptions options, Duration budget) {
        LOG.info("warming up for at most {} s before accepting clients (--warm-up 0 skips it)", budget.toSeconds());
        WarmUp.Result r;
        try {
            r = ServeLogging.quietDuringWarmUp(() -> warmUp.run(quads, options, budget));
        } catch (RuntimeException e) {
            LOG.warn("warm-up stopped: {}", e.getMessage());
            return;
        }
        LOG.info("block cache: {} keys read in {} s, {} MB cached", r.preloadedKeys(),
                String.format(Locale.ROOT, "%.1f", r.preloadSeconds()), r.cachedBytes() >> 20);
        LOG.info("warm-up: {} queries ({} not answered: timed out or refused) in {} s, JIT compiling for {} s meanwhile",
                r.queries(), r.unanswered(), String.format(Locale.ROOT, "%.1f", r.seconds()),
                String.format(Locale.ROOT, "%.1f", r.compileSeconds()));
    }

    private static Duration seconds(double s) {
        if (s < 0 || Double.isNaN(s) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("a time must be a non-negative number of seconds, not " + s);
        }
        return Duration.ofMillis((long) (s * 1000));
    }

    ServeLogging logging() {
        return new ServeLogging(logLevel, accessLog == OnOff.ON, logFile, logRoll, logMaxSize, logMaxHistory, logTotalSize);
    }

    /** How the store is opened: read-only, sync, the block cache (--cache-size or the default) and --table-memory. */
    StoreOptions storeOptions() {
        StoreOptions o = StoreOptions.defaults().withReadOnly(readOnly).withSyncCommits(!noSync)
                .withBlockCacheBytes(defaultCacheBytes());
        if (cacheSize != null) {
            o = o.withBlockCacheBytes(cacheSize);
        }
        if (tableMemory != null) {
            o = o.withPredicateTableBytes(tableMemory);
        }
        return o;
    }

    /**
     * A server answers from its block cache: with the 256 MB that suits a one-off command, a
     * 10 M-quad store (640 MB of SST files) kept evicting blocks under the query mix, and a
     * 1 GB cache gave 43 % more queries per hour (docs/benchmarks.md, "Query mix through
     * HTTP"). The cache fills only as blocks are read, so a small store never takes it all.
     */
    static long defaultCacheBytes() {
        long floor = StoreOptions.defaults().blockCacheBytes();
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(floor, os.getTotalMemorySize() / 8);
        }
        return floor;
    }
}
