package dev.quarry.endpoint.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Map;
import org.slf4j.Logger;

/**
 * Turns what a handler threw into a response: the status and one line of text, never
 * a stack trace (that goes to the server log, for unexpected failures only). If the
 * response had started, the connection is cut so the client sees the failure.
 */
final class Failures {
    private Failures() {}

    static void answer(Exchange ex, Throwable t, Logger log) {
        HttpResponseStatus status;
        String message;
        Map<String, String> headers = Map.of();
        if (ex.bodyTooLarge()) {
            status = HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE;
            message = "upload larger than the limit of " + ex.options().maxUploadBytes() + " bytes";
        } else if (t instanceof HttpError e) {
            status = e.status();
            message = e.getMessage();
            headers = e.headers();
        } else if (t instanceof StackOverflowError) {
            status = HttpResponseStatus.BAD_REQUEST;
            message = "the request is nested too deeply to be evaluated";
        } else if (ex.isCancelled()) {
            status = HttpResponseStatus.SERVICE_UNAVAILABLE;
            message = "request cancelled: the server is stopping or the client went away";
        } else {
            status = HttpResponseStatus.INTERNAL_SERVER_ERROR;
            message = "internal error: " + oneLine(t);
            log.error("request {}: {} {} failed", ex.id(), ex.method(), printable(ex.uri()), t);
        }
        if (ex.isStarted() && !ex.retractUnsentStream()) {
            if (status.code() >= 500 && !(t instanceof HttpError)) {
                log.debug("aborting {} {} after the response started: {}", ex.method(), ex.uri(), oneLine(t));
            }
            ex.abort();
            return;
        }
        headers.forEach(ex::responseHeader);
        ex.respondError(status, message);
    }

    /**
     * {@code s} with control characters shown as a backslash, u and four hex digits: text from a client
     * (a header, a name) goes into error lines and logs, where a raw ESC or BEL would
     * act on the reader's terminal.
     */
    static String printable(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c)) {
                b.append('\\').append('u').append(String.format("%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The message of a throwable on one line, or its class name if it has none. */
    static String oneLine(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        return m.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
