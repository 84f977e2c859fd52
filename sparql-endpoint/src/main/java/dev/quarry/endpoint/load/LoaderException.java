package dev.quarry.endpoint.load;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * A loader request that cannot be served, answered with Neptune's error body
 * {@code {"requestId","code","detailedMessage"}} and HTTP status.
 */
final class LoaderException extends RuntimeException {
    private final HttpResponseStatus status;
    private final String code;

    LoaderException(HttpResponseStatus status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    static LoaderException badRequest(String message) {
        return new LoaderException(HttpResponseStatus.BAD_REQUEST, "BadRequestException", message);
    }

    static LoaderException notFound(String id) {
        return new LoaderException(HttpResponseStatus.NOT_FOUND, "BulkLoadIdNotFoundException", "load id not found: " + id);
    }

    static LoaderException tooMany(String message) {
        return new LoaderException(HttpResponseStatus.TOO_MANY_REQUESTS, "TooManyRequestsException", message);
    }

    HttpResponseStatus status() {
        return status;
    }

    String code() {
        return code;
    }
}
