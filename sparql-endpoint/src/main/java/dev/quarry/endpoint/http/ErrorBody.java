package dev.quarry.endpoint.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;

/**
 * How an API writes its error responses. Most of the server answers one line of text; an
 * API with its own error format (the loader's Neptune JSON) registers one for its paths
 * with {@link Router#errorBody}, so that refusals decided before its handler runs (404,
 * 405, 401, 403, 413, 503) and unexpected failures (500) look like its own errors.
 */
@FunctionalInterface
public interface ErrorBody {
    /** What the client gets: a media type and the bytes. */
    record Content(String contentType, byte[] bytes) {}

    Content render(HttpResponseStatus status, String message);

    /** One line of UTF-8 text: the server's default. */
    ErrorBody PLAIN_TEXT = (status, message) ->
            new Content("text/plain; charset=utf-8", (message + "\n").getBytes(StandardCharsets.UTF_8));
}
