package dev.quarry.endpoint.http;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The table from method + path to a handler, as Fuseki routes. A path that is not in
 * the table answers 404; a method the path does not serve answers 405 with Allow.
 * A path registered as {@code /base/*} matches {@code /base/} plus one more segment
 * ({@code /loader/<id>}), when no exact path matches; one registered as {@code /base/**}
 * matches every longer path below {@code /base/} ({@code /data/<graph path>}) when neither does.
 */
public final class Router {
    /** Whether a route's request body is read into memory first or streamed to the handler. */
    public enum Body { BUFFERED, STREAMED }

    /**
     * One entry of the table.
     *
     * @param operation name of the operation for metrics (the handler may refine it)
     * @param write     whether the route changes the store (read-only and auth token apply)
     * @param inline    whether the handler may first run on the connection's event loop (see
     *                  {@link Exchange#isInline()}); it then moves to a worker for anything long
     */
    public record Route(String operation, Body body, boolean write, Handler handler, boolean inline) {
        /** A route whose handler always runs on a worker. */
        public Route(String operation, Body body, boolean write, Handler handler) {
            this(operation, body, write, handler, false);
        }
    }

    private final Map<String, Map<HttpMethod, Route>> table = new LinkedHashMap<>();
    private final Map<String, ErrorBody> errorBodies = new LinkedHashMap<>();

    public Router add(HttpMethod method, String path, Route route) {
        table.computeIfAbsent(path, p -> new LinkedHashMap<>()).put(method, route);
        if (method.equals(HttpMethod.GET) && !table.get(path).containsKey(HttpMethod.HEAD)) {
            table.get(path).put(HttpMethod.HEAD, route);
        }
        return this;
    }

    /** Errors for {@code path} and every path below it are written by {@code body}. */
    public Router errorBody(String path, ErrorBody body) {
        errorBodies.put(path, body);
        return this;
    }

    /** How errors on {@code path} are written (plain text unless an API registered its own). */
    ErrorBody errorBodyFor(String path) {
        for (Map.Entry<String, ErrorBody> e : errorBodies.entrySet()) {
            String p = e.getKey();
            if (path.equals(p) || path.startsWith(p + "/")) {
                return e.getValue();
            }
        }
        return ErrorBody.PLAIN_TEXT;
    }

    public Route find(HttpMethod method, String path) {
        Map<HttpMethod, Route> byMethod = table.get(path);
        int slash = path.lastIndexOf('/');
        if (byMethod == null && slash > 0 && slash < path.length() - 1) {
            byMethod = table.get(path.substring(0, slash) + "/*");
        }
        for (int i = path.indexOf('/', 1); byMethod == null && i > 0 && i < path.length() - 1; i = path.indexOf('/', i + 1)) {
            byMethod = table.get(path.substring(0, i) + "/**");
        }
        if (byMethod == null) {
            throw new HttpError(HttpResponseStatus.NOT_FOUND, "no such endpoint: " + path);
        }
        Route route = byMethod.get(method);
        if (route == null) {
            String allow = byMethod.keySet().stream().map(HttpMethod::name).collect(Collectors.joining(", "));
            throw new HttpError(HttpResponseStatus.METHOD_NOT_ALLOWED, method + " is not allowed on " + path)
                    .withHeader("Allow", allow);
        }
        return route;
    }
}
