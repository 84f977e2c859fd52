package dev.quarry.endpoint.server;

import dev.quarry.endpoint.http.HttpOptions;
import dev.quarry.endpoint.load.JobRetention;
import dev.quarry.endpoint.source.SourcePolicy;
import java.time.Duration;

/**
 * How the server runs. Safe defaults: loopback only, no size surprises, a query
 * timeout, and writes open only to callers with the token when one is set.
 *
 * @param bind                 address to listen on
 * @param port                 TCP port; 0 picks a free one
 * @param readOnly             refuse every update and graph store write (403)
 * @param authToken            bearer token required for writes; null = no token needed
 * @param queryTimeout         default query timeout; a request's {@code timeout} parameter may lower or raise it
 * @param maxConcurrentQueries queries running at once; more wait in a queue
 * @param maxQueuedQueries     queries waiting for a place at once; more get 503 with Retry-After
 * @param maxRequestBytes      largest request body that is read into memory (queries, updates, forms); 413 beyond
 * @param maxUploadBytes       largest streamed graph store upload (1 GiB by default); 0 = no limit
 * @param clientTimeout        how long a client may stay silent while sending a request, or refuse to
 *                             read a response, before the connection is closed; also the keep-alive idle limit
 * @param shutdownGrace        how long a stop waits for running requests before cancelling queries
 * @param sources              what {@code LOAD} may read: allowed directories, http(s) or not; nothing by default
 * @param serviceEnabled       whether SPARQL {@code SERVICE} may call other endpoints (off by default)
 * @param bulkUploadBytes      graph store POST uploads with a Content-Length at least this large go through
 *                             the bulk loader instead of one write transaction; 0 = never
 * @param loadJobRetention     how many finished loader job records are kept, and for how long
 * @param allowedHosts         Host names accepted besides loopback names and IP literals ("*" = any; see docs/server.md)
 * @param writeOrigins         browser origins allowed to write besides the server's own ("*" = any)
 * @param cors                 answer CORS requests (any origin may read; writes still as {@code writeOrigins} says)
 * @param compressionMinBytes  compress responses (gzip or zstd, as the client's Accept-Encoding allows) whose body is
 *                             at least this long; streamed ones (longer than 16 KiB) always; -1 = never compress
 * @param backupDir            where {@code POST /backup} writes store checkpoints; null = backups refused (403)
 * @param inlineBudget         how long a query may run on the connection's I/O thread before it moves to a
 *                             worker thread and starts again there; zero = every query on a worker
 */
public record ServerOptions(
        String bind,
        int port,
        boolean readOnly,
        String authToken,
        Duration queryTimeout,
        int maxConcurrentQueries,
        int maxQueuedQueries,
        long maxRequestBytes,
        long maxUploadBytes,
        Duration clientTimeout,
        Duration shutdownGrace,
        SourcePolicy sources,
        boolean serviceEnabled,
        long bulkUploadBytes,
        JobRetention loadJobRetention,
        java.util.List<String> allowedHosts,
        java.util.List<String> writeOrigins,
        boolean cors,
        int compressionMinBytes,
        java.nio.file.Path backupDir,
        Duration inlineBudget) {

    public static final int DEFAULT_PORT = 7878;
    public static final int DEFAULT_MAX_QUEUED_QUERIES = 64;
    /** Uploads beyond this are refused (413) unless the operator raises it; bulk loads belong to /loader. */
    public static final long DEFAULT_MAX_UPLOAD_BYTES = 1L << 30;
    /** Smaller bodies are sent as they are: a few hundred bytes fit one packet either way. */
    public static final int DEFAULT_COMPRESSION_MIN_BYTES = 1024;
    /** Long enough for most lookups and small joins, short enough that other connections barely wait. */
    public static final Duration DEFAULT_INLINE_BUDGET = Duration.ofMillis(2);

    public ServerOptions {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, not " + port);
        }
        if (maxConcurrentQueries < 1) {
            throw new IllegalArgumentException("max concurrent queries must be at least 1");
        }
        if (maxQueuedQueries < 0) {
            throw new IllegalArgumentException("max queued queries must not be negative");
        }
        if (maxRequestBytes < 1) {
            throw new IllegalArgumentException("max request size must be positive");
        }
        if (clientTimeout.isZero() || clientTimeout.isNegative()) {
            throw new IllegalArgumentException("client timeout must be positive");
        }
        if (sources == null) {
            throw new IllegalArgumentException("sources policy must not be null");
        }
        if (bulkUploadBytes < 0) {
            throw new IllegalArgumentException("bulk upload threshold must not be negative");
        }
        if (loadJobRetention == null) {
            throw new IllegalArgumentException("load job retention must not be null");
        }
        allowedHosts = java.util.List.copyOf(allowedHosts);
        writeOrigins = java.util.List.copyOf(writeOrigins);
        if (compressionMinBytes < -1) {
            throw new IllegalArgumentException("compression threshold must be -1 (off) or a number of bytes, not " + compressionMinBytes);
        }
        if (inlineBudget == null || inlineBudget.isNegative()) {
            throw new IllegalArgumentException("inline budget must be zero or positive");
        }
        if (authToken != null && authToken.isBlank()) {
            throw new IllegalArgumentException("auth token must not be blank");
        }
    }

    /** What the HTTP layer uses of these options. */
    public HttpOptions http() {
        return new HttpOptions(bind, port, readOnly, authToken, maxRequestBytes, maxUploadBytes, clientTimeout,
                shutdownGrace, allowedHosts, writeOrigins, cors, compressionMinBytes, inlineBudget);
    }

    /** The options on one line for the server log; the auth token is never shown. */
    @Override
    public String toString() {
        return "bind=" + bind + " port=" + port + " readOnly=" + readOnly + " authToken=" + (authToken == null ? "none" : "set")
                + " queryTimeout=" + queryTimeout.toMillis() + "ms maxConcurrentQueries=" + maxConcurrentQueries
                + " maxQueuedQueries=" + maxQueuedQueries + " maxRequestBytes=" + maxRequestBytes
                + " maxUploadBytes=" + maxUploadBytes + " bulkUploadBytes=" + bulkUploadBytes
                + " clientTimeout=" + clientTimeout.toMillis() + "ms shutdownGrace=" + shutdownGrace.toMillis()
                + "ms sources=" + sources.roots() + " service=" + serviceEnabled
                + " loaderJobsKept=" + loadJobRetention.kept() + " allowedHosts=" + allowedHosts
                + " writeOrigins=" + writeOrigins + " cors=" + cors
                + " compression=" + (compressionMinBytes < 0 ? "off" : "gzip,zstd from " + compressionMinBytes + " bytes")
                + " backupDir=" + (backupDir == null ? "none" : backupDir)
                + " inlineBudget=" + inlineBudget.toMillis() + "ms";
    }

    public static ServerOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.bind = bind;
        b.port = port;
        b.readOnly = readOnly;
        b.authToken = authToken;
        b.queryTimeout = queryTimeout;
        b.maxConcurrentQueries = maxConcurrentQueries;
        b.maxQueuedQueries = maxQueuedQueries;
        b.maxRequestBytes = maxRequestBytes;
        b.maxUploadBytes = maxUploadBytes;
        b.clientTimeout = clientTimeout;
        b.shutdownGrace = shutdownGrace;
        b.sources = sources;
        b.serviceEnabled = serviceEnabled;
        b.bulkUploadBytes = bulkUploadBytes;
        b.loadJobRetention = loadJobRetention;
        b.allowedHosts = allowedHosts;
        b.writeOrigins = writeOrigins;
        b.cors = cors;
        b.compressionMinBytes = compressionMinBytes;
        b.backupDir = backupDir;
        b.inlineBudget = inlineBudget;
        return b;
    }

    /** Options one at a time; starts from the defaults. */
    public static final class Builder {
        private String bind = "127.0.0.1";
        private int port = DEFAULT_PORT;
        private boolean readOnly;
        private String authToken;
        private Duration queryTimeout = Duration.ofMinutes(5);
        private int maxConcurrentQueries = Math.max(4, Runtime.getRuntime().availableProcessors() * 2);
        private int maxQueuedQueries = DEFAULT_MAX_QUEUED_QUERIES;
        private long maxRequestBytes = 16L << 20;
        private long maxUploadBytes = DEFAULT_MAX_UPLOAD_BYTES;
        private Duration clientTimeout = Duration.ofSeconds(60);
        private Duration shutdownGrace = Duration.ofSeconds(30);
        private SourcePolicy sources = SourcePolicy.none();
        private boolean serviceEnabled;
        private long bulkUploadBytes = 64L << 20;
        private JobRetention loadJobRetention = JobRetention.defaults();
        private java.util.List<String> allowedHosts = java.util.List.of();
        private java.util.List<String> writeOrigins = java.util.List.of();
        private boolean cors;
        private int compressionMinBytes = DEFAULT_COMPRESSION_MIN_BYTES;
        private java.nio.file.Path backupDir;
        private Duration inlineBudget = DEFAULT_INLINE_BUDGET;

        public Builder bind(String v) { bind = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder readOnly(boolean v) { readOnly = v; return this; }
        public Builder authToken(String v) { authToken = v; return this; }
        public Builder queryTimeout(Duration v) { queryTimeout = v; return this; }
        public Builder maxConcurrentQueries(int v) { maxConcurrentQueries = v; return this; }
        public Builder maxQueuedQueries(int v) { maxQueuedQueries = v; return this; }
        public Builder maxRequestBytes(long v) { maxRequestBytes = v; return this; }
        public Builder maxUploadBytes(long v) { maxUploadBytes = v; return this; }
        public Builder clientTimeout(Duration v) { clientTimeout = v; return this; }
        public Builder shutdownGrace(Duration v) { shutdownGrace = v; return this; }
        public Builder sources(SourcePolicy v) { sources = v; return this; }
        public Builder serviceEnabled(boolean v) { serviceEnabled = v; return this; }
        public Builder bulkUploadBytes(long v) { bulkUploadBytes = v; return this; }
        public Builder loadJobRetention(JobRetention v) { loadJobRetention = v; return this; }
        public Builder allowedHosts(java.util.List<String> v) { allowedHosts = v; return this; }
        public Builder writeOrigins(java.util.List<String> v) { writeOrigins = v; return this; }
        public Builder cors(boolean v) { cors = v; return this; }
        public Builder compressionMinBytes(int v) { compressionMinBytes = v; return this; }
        public Builder backupDir(java.nio.file.Path v) { backupDir = v; return this; }
        public Builder inlineBudget(Duration v) { inlineBudget = v; return this; }

        public ServerOptions build() {
            return new ServerOptions(bind, port, readOnly, authToken, queryTimeout, maxConcurrentQueries,
                    maxQueuedQueries, maxRequestBytes, maxUploadBytes, clientTimeout, shutdownGrace, sources, serviceEnabled, bulkUploadBytes,
                    loadJobRetention, allowedHosts, writeOrigins, cors, compressionMinBytes, backupDir, inlineBudget);
        }
    }
}
