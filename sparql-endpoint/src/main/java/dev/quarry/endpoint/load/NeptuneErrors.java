package dev.quarry.endpoint.load;

import dev.quarry.endpoint.http.ErrorBody;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;

/**
 * Neptune's error body, {@code {"requestId","code","detailedMessage"}}, for every error
 * under {@code /loader}: those the loader raises itself (with their own code) and those
 * the server decides before the loader runs (read-only, bearer token, unknown path or
 * method, size limit, shutting down, internal failure), whose code follows the status.
 */
final class NeptuneErrors implements ErrorBody {
    static final NeptuneErrors INSTANCE = new NeptuneErrors();

    private NeptuneErrors() {}

    @Override
    public Content render(HttpResponseStatus status, String message) {
        return render(codeFor(status), message);
    }

    static Content render(String code, String message) {
        JsonObject o = new JsonObject();
        o.put("requestId", UUID.randomUUID().toString());
        o.put("code", code);
        o.put("detailedMessage", message);
        return new Content("application/json", (JSON.toString(o) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Neptune's exception name for a status. 401 has no Neptune counterpart (Neptune answers
     * authentication failures with 403 AccessDeniedException); Quarry keeps 401 so that
     * {@code WWW-Authenticate} means what HTTP says, with Neptune's code. A size limit is a
     * BadRequestException in Neptune, which Quarry sends with 413.
     */
    static String codeFor(HttpResponseStatus status) {
        return switch (status.code()) {
            case 400, 413 -> "BadRequestException";
            case 401, 403 -> "AccessDeniedException";
            case 404 -> "BulkLoadIdNotFoundException";
            case 405 -> "MethodNotAllowedException";
            case 408 -> "ClientTimeoutException";
            case 429 -> "TooManyRequestsException";
            case 503 -> "ServerShutdownException";
            default -> "InternalFailureException";
        };
    }
}
