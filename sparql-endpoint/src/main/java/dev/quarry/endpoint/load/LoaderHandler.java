package dev.quarry.endpoint.load;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import dev.quarry.endpoint.http.ErrorBody;
import dev.quarry.endpoint.http.Router;
import dev.quarry.loader.LoadError;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Map;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonObject;

/**
 * The Neptune-compatible loader API over {@link LoadJobs}:
 * {@code POST /loader} (JSON body or form parameters) starts or queues a load,
 * {@code GET /loader/{id}} or {@code GET /loader?loadId=} reports it ({@code details},
 * {@code errors}, {@code page}, {@code errorsPerPage}), {@code GET /loader} lists load ids
 * ({@code limit}), {@code DELETE /loader/{id}} cancels. Failures answer Neptune's error body
 * ({@link NeptuneErrors}).
 */
public final class LoaderHandler implements Handler {
    private static final int DEFAULT_ERRORS_PER_PAGE = 10;
    private final LoadJobs jobs;

    public LoaderHandler(LoadJobs jobs) {
        this.jobs = jobs;
    }

    /** Adds the loader routes. */
    public void addRoutes(Router router) {
        router.add(HttpMethod.POST, "/loader", new Router.Route("loader-start", Router.Body.BUFFERED, true, this));
        router.add(HttpMethod.GET, "/loader", new Router.Route("loader-status", Router.Body.BUFFERED, false, this));
        router.add(HttpMethod.DELETE, "/loader", new Router.Route("loader-cancel", Router.Body.BUFFERED, true, this));
        router.add(HttpMethod.GET, "/loader/*", new Router.Route("loader-status", Router.Body.BUFFERED, false, this));
        router.add(HttpMethod.DELETE, "/loader/*", new Router.Route("loader-cancel", Router.Body.BUFFERED, true, this));
        router.errorBody("/loader", NeptuneErrors.INSTANCE);
    }

    @Override
    public void handle(Exchange ex) {
        try {
            String id = ex.path().startsWith("/loader/") ? ex.path().substring("/loader/".length()) : param(ex, "loadId");
            if (ex.method().equals(HttpMethod.POST)) {
                start(ex);
            } else if (ex.method().equals(HttpMethod.DELETE)) {
                if (id == null) {
                    throw LoaderRequestException.badRequest("which load? give /loader/{loadId} or loadId=");
                }
                jobs.cancel(id);
                ok(ex, null);
            } else if (id == null) {
                list(ex);
            } else {
                status(ex, jobs.get(id));
            }
        } catch (LoaderRequestException e) {
            // Its own code; other failures reach the server's error path, which answers with
            // NeptuneErrors too (registered above for every path under /loader).
            ErrorBody.Content c = NeptuneErrors.render(e.code(), e.getMessage());
            ex.respond(e.status(), c.contentType(), c.bytes());
        }
    }

    private void start(Exchange ex) {
        String body = ex.bodyString().strip();
        LoadRequest request;
        if (body.startsWith("{")) {
            request = LoadRequest.fromJson(body); // curl -d '{...}' sends JSON as a form type: look at the body
        } else if ("application/json".equals(ex.contentType())) {
            throw LoaderRequestException.badRequest("request body is not a JSON object");
        } else {
            Map<String, List<String>> params = new java.util.LinkedHashMap<>(ex.queryParams());
            if (!body.isEmpty()) {
                params.putAll(ex.formParams());
            }
            request = LoadRequest.fromForm(params);
        }
        String id = jobs.submit(request);
        JsonObject payload = new JsonObject();
        payload.put("loadId", id);
        ok(ex, payload);
    }

    private void list(Exchange ex) {
        int limit = intParam(ex, "limit", 100);
        JsonArray ids = new JsonArray();
        jobs.ids(limit).forEach(ids::add);
        JsonObject payload = new JsonObject();
        payload.put("loadIds", ids);
        ok(ex, payload);
    }

    private void status(Exchange ex, LoadJob job) {
        boolean details = boolParam(ex, "details");
        boolean errors = boolParam(ex, "errors");
        JsonObject payload = new JsonObject();
        JsonObject overall = job.overallStatus();
        LoadStatus s = job.status();
        JsonArray feedCount = new JsonArray();
        JsonObject count = new JsonObject();
        count.put(s.name(), s == LoadStatus.LOAD_COMPLETED ? job.feeds() : Math.max(1, job.sources.size()));
        feedCount.add(count);
        payload.put("feedCount", feedCount);
        payload.put("overallStatus", overall);
        if (details) {
            JsonArray failed = new JsonArray();
            if (s.finished() && s != LoadStatus.LOAD_COMPLETED) {
                failed.add(job.overallStatus());
            }
            payload.put("failedFeeds", failed);
        }
        if (errors) {
            payload.put("errors", errorPage(ex, job));
        }
        ok(ex, payload);
    }

    private static JsonObject errorPage(Exchange ex, LoadJob job) {
        int page = intParam(ex, "page", 1);
        int perPage = intParam(ex, "errorsPerPage", DEFAULT_ERRORS_PER_PAGE);
        int from = (int) Math.min(Integer.MAX_VALUE, (long) (page - 1) * perPage);
        List<LoadError> list = job.errors(from, from + perPage);
        JsonObject e = new JsonObject();
        e.put("startIndex", list.isEmpty() ? 0 : from + 1);
        e.put("endIndex", list.isEmpty() ? 0 : from + list.size());
        e.put("loadId", job.id);
        JsonArray logs = new JsonArray();
        for (LoadError err : list) {
            JsonObject l = new JsonObject();
            l.put("errorCode", switch (err.kind()) {
                case PARSING -> "PARSING_ERROR";
                case DATATYPE_MISMATCH -> "DATATYPE_MISMATCH_ERROR";
                case INSERT -> "INSERT_ERROR";
            });
            l.put("errorMessage", err.message());
            l.put("fileName", err.file());
            l.put("recordNum", err.line());
            logs.add(l);
        }
        e.put("errorLogs", logs);
        return e;
    }

    private static String param(Exchange ex, String name) {
        List<String> v = ex.queryParams().get(name);
        return v == null || v.isEmpty() || v.getFirst().isBlank() ? null : v.getFirst();
    }

    private static boolean boolParam(Exchange ex, String name) {
        String v = param(ex, name);
        return v != null && v.equalsIgnoreCase("true");
    }

    private static int intParam(Exchange ex, String name, int dflt) {
        String v = param(ex, name);
        if (v == null) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // one message below
        }
        throw LoaderRequestException.badRequest(name + " must be a positive integer, not '" + v + "'");
    }

    /** Neptune's success envelope: {"status":"200 OK"}, with "payload" when there is one. */
    private static void ok(Exchange ex, JsonObject payload) {
        JsonObject o = new JsonObject();
        o.put("status", "200 OK");
        if (payload != null) {
            o.put("payload", payload);
        }
        ex.respond(HttpResponseStatus.OK, "application/json", JSON.toString(o) + "\n");
    }
}
