package dev.quarry.loader.input;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * How http(s) sources are fetched: timeouts, how often a dropped or stalled body is resumed
 * with an HTTP Range request, and which URLs may be requested at all (checked again on every
 * redirect, so a permitted host cannot redirect the loader to a forbidden one).
 *
 * @param connectTimeout time to open a connection
 * @param readTimeout    time without a single byte (response headers or body) after which the
 *                       connection is given up and, for a body, resumed
 * @param retries        resumes (or retried requests) in a row without progress before the load fails
 * @param retryDelay     wait before the first retry; doubled for each further one in a row
 * @param guard          checks each URL before it is requested
 */
public record HttpFetch(Duration connectTimeout, Duration readTimeout, int retries, Duration retryDelay, Guard guard) {
    /** Checks a URL before it is requested. */
    @FunctionalInterface
    public interface Guard {
        /** @throws IOException with a one-line reason if {@code uri} must not be requested */
        void check(URI uri) throws IOException;
    }

    /** Any URL. */
    public static final Guard ANY_URL = uri -> {};

    /** 30 s to connect, 60 s of silence, 5 retries starting at 1 s, any URL. */
    public static final HttpFetch DEFAULT =
            new HttpFetch(Duration.ofSeconds(30), Duration.ofSeconds(60), 5, Duration.ofSeconds(1), ANY_URL);

    public HttpFetch {
        Objects.requireNonNull(connectTimeout);
        Objects.requireNonNull(readTimeout);
        Objects.requireNonNull(retryDelay);
        Objects.requireNonNull(guard);
        if (connectTimeout.isNegative() || connectTimeout.isZero() || readTimeout.isNegative() || readTimeout.isZero()
                || retries < 0 || retryDelay.isNegative()) {
            throw new IllegalArgumentException("timeouts must be positive and retries not negative");
        }
    }

    public HttpFetch withGuard(Guard g) {
        return new HttpFetch(connectTimeout, readTimeout, retries, retryDelay, g);
    }

    public HttpFetch withTimeouts(Duration connect, Duration read) {
        return new HttpFetch(connect, read, retries, retryDelay, guard);
    }

    public HttpFetch withRetries(int n, Duration delay) {
        return new HttpFetch(connectTimeout, readTimeout, n, delay, guard);
    }
}
