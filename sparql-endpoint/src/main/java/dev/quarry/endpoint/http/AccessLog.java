package dev.quarry.endpoint.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The access log: one line per request, on logger {@code quarry.access}, as
 * {@code id=7 client=127.0.0.1 method=GET path=/sparql op=query status=200 bytes=512 ms=3}
 * (key=value, so that a line splits on spaces; a path is shown with control characters escaped).
 * {@code bytes} is the body as sent (compressed if it was), {@code ms} runs from the request's
 * head to the response's last byte handed to the socket. The server's logging config
 * (logback-serve.xml) writes these lines through an asynchronous appender: the event loop
 * that calls {@link #record} only queues them.
 */
final class AccessLog {
    private static final Logger LOG = LoggerFactory.getLogger("quarry.access");

    private AccessLog() {}

    static void record(Exchange ex, long bytes) {
        if (!LOG.isInfoEnabled()) {
            return;
        }
        String path = ex.uri();
        int q = path.indexOf('?');
        if (q >= 0) {
            path = path.substring(0, q); // a query string may hold a whole query, or a token: not logged
        }
        LOG.info("id={} client={} method={} path={} op={} status={} bytes={} ms={}", ex.id(), ex.clientAddress(),
                Failures.printable(ex.method().name()), Failures.printable(path).replace(' ', '+'), ex.operation(),
                ex.status() == null ? "-" : ex.status().code(), bytes < 0 ? "-" : bytes, ex.elapsedNanos() / 1_000_000);
    }
}
