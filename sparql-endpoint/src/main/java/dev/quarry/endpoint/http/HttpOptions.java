package dev.quarry.endpoint.http;

import java.time.Duration;
import java.util.List;

/**
 * What the HTTP layer needs of the server's options: where to listen, the request
 * limits, who may write, CORS and compression. The composition root
 * ({@code endpoint.server.QuarryServer}) derives it from the server's options; what the
 * handlers need (query timeout, LOAD sources, ...) they get when they are built.
 *
 * @param bind                address to listen on
 * @param port                TCP port; 0 picks a free one
 * @param readOnly            refuse every write route (403)
 * @param authToken           bearer token required for writes; null = no token needed
 * @param maxRequestBytes     largest request body read into memory; 413 beyond
 * @param maxUploadBytes      largest streamed upload; 0 = no limit
 * @param clientTimeout       how long a client may stay silent mid-request or refuse to read; the keep-alive idle limit
 * @param shutdownGrace       how long a stop waits for running requests before cancelling them
 * @param allowedHosts        Host names accepted besides loopback names and IP literals (see {@link OriginPolicy})
 * @param writeOrigins        browser origins allowed to write besides the server's own
 * @param cors                answer CORS requests
 * @param compressionMinBytes compress responses at least this long; -1 = never
 * @param inlineBudget        how long a request of an inline route may run on the event loop before it
 *                            moves to a worker (see {@link InlinePolicy}); zero = always on a worker
 */
public record HttpOptions(
        String bind,
        int port,
        boolean readOnly,
        String authToken,
        long maxRequestBytes,
        long maxUploadBytes,
        Duration clientTimeout,
        Duration shutdownGrace,
        List<String> allowedHosts,
        List<String> writeOrigins,
        boolean cors,
        int compressionMinBytes,
        Duration inlineBudget) {

    public HttpOptions {
        allowedHosts = List.copyOf(allowedHosts);
        writeOrigins = List.copyOf(writeOrigins);
    }
}
