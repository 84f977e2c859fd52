package dev.quarry.endpoint.load;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * A request to the loader API that cannot be served (not a failed load: that is the loader's
 * {@code LoadException}), answered with Neptune's error body
 * {@code {"requestId","code","detailedMessage"}} and HTTP status.
 */
final class LoaderRequestException extends RuntimeException {
    private final HttpResponseStatus status;
    private final String code;

    LoaderRequestException(HttpResponseStatus status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    static LoaderRequestException badRequest(String message) {
        return new LoaderRequestException(HttpResponseStatus.BAD_REQUEST, "BadRequestException", message);
    }

    static LoaderRequestException notFound(String id) {
        return new LoaderRequestException(HttpResponseStatus.NOT_FOUND, "BulkLoadIdNotFoundException", "load id not found: " + id);
    }

    static LoaderRequestException tooMany(String message) {
        return new LoaderRequestException(HttpResponseStatus.TOO_MANY_REQUESTS, "TooManyRequestsException", message);
    }

    HttpResponseStatus status() {
        return status;
    }

    String code() {
        return code;
    }
}
