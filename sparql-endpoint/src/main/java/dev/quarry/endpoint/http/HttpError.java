package dev.quarry.endpoint.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request that cannot be served, with the status and the one-line message the
 * client gets. Handlers throw it; the dispatcher turns it into the response.
 */
public final class HttpError extends RuntimeException {
    private final HttpResponseStatus status;
    private final Map<String, String> headers = new LinkedHashMap<>();

    public HttpError(HttpResponseStatus status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public HttpResponseStatus status() {
        return status;
    }

    /** Response headers that go with the error (Allow for 405, WWW-Authenticate for 401). */
    public Map<String, String> headers() {
        return headers;
    }

    public HttpError withHeader(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public static HttpError badRequest(String message) {
        return new HttpError(HttpResponseStatus.BAD_REQUEST, message);
    }
}
