package dev.quarry.endpoint.monitor;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import dev.quarry.endpoint.sparql.QueryAdmission;
import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.function.IntSupplier;
import org.apache.jena.atlas.json.JsonObject;

/**
 * {@code GET /status}: whether the server is healthy, how it runs, and the store's
 * statistics. "healthy" means the store answered a statistics read just now.
 */
public final class StatusHandler implements Handler {
    private final QuadStore store;
    private final boolean readOnly;
    private final boolean authRequiredForWrites;
    private final java.time.Duration queryTimeout;
    private final Instant started;
    private final QueryAdmission admission;
    private final IntSupplier activeLoads;

    /** @param activeLoads bulk loads running or queued (the loader API's) */
    public StatusHandler(QuadStore store, boolean readOnly, boolean authRequiredForWrites,
                         java.time.Duration queryTimeout, Instant started, QueryAdmission admission,
                         IntSupplier activeLoads) {
        this.store = store;
        this.readOnly = readOnly;
        this.authRequiredForWrites = authRequiredForWrites;
        this.queryTimeout = queryTimeout;
        this.started = started;
        this.admission = admission;
        this.activeLoads = activeLoads;
    }

    @Override
    public void handle(Exchange ex) {
        JsonObject o = new JsonObject();
        JsonObject s = new JsonObject();
        try {
            StoreStats stats = store.stats();
            s.put("directory", store.directory().toString());
            s.put("quads", stats.quads());
            s.put("terms", stats.terms());
            s.put("graphs", stats.quadsPerGraph().size());
            s.put("predicates", stats.quadsPerPredicate().size());
            s.put("diskBytes", store.diskBytes());
            o.put("status", "healthy");
        } catch (RuntimeException e) {
            o.put("status", "unhealthy");
            o.put("error", String.valueOf(e.getMessage()));
        }
        o.put("startTime", started.toString());
        o.put("uptimeMillis", Duration.between(started, Instant.now()).toMillis());
        o.put("readOnly", readOnly);
        o.put("authRequiredForWrites", authRequiredForWrites);
        JsonObject q = new JsonObject();
        q.put("running", admission.running());
        q.put("limit", admission.limit());
        q.put("queued", admission.queued());
        q.put("queueLimit", admission.queueLimit());
        q.put("defaultTimeoutMillis", queryTimeout.toMillis());
        o.put("queries", q);
        JsonObject loads = new JsonObject();
        loads.put("active", activeLoads.getAsInt());
        o.put("loads", loads);
        o.put("store", s);
        ex.respond(HttpResponseStatus.OK, "application/json", o.toString());
    }
}
