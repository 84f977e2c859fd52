package dev.quarry.endpoint.sparql;

import dev.quarry.store.arq.regex.QueryStop;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.store.arq.QuarryDatasetGraph;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.modify.request.UpdateWithUsing;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;

/**
 * SPARQL Update over HTTP: parses, applies using-graph-uri / using-named-graph-uri,
 * refuses (403) a LOAD of a source outside the policy and a SERVICE when federation is
 * off, before anything runs, then runs the request with
 * {@link UpdateRunner}, and answers 204, or Neptune's timing events as JSON when the
 * client asks for {@code application/json}.
 */
final class UpdateHandler {
    private final UpdateRunner runner;
    private final SparqlLoad loads;
    private final FederationGuard federation;

    UpdateHandler(QuarryDatasetGraph dataset, SourcePolicy sources, FederationGuard federation) {
        this.loads = new SparqlLoad(sources);
        this.federation = federation;
        this.runner = new UpdateRunner(dataset, loads, federation);
    }

    void run(Exchange ex, String text, ProtocolParams params, String base) {
        UpdateRequest request = parse(text, base);
        applyUsing(request, params.all("using-graph-uri"), params.all("using-named-graph-uri"));
        loads.checkAll(request);
        federation.check(request);
        List<UpdateRunner.TimingEvent> events;
        // An update has no timeout, but a stop (SIGTERM) cancels its request: a runaway
        // regular expression in its WHERE then stops, and the transaction aborts as a whole.
        try (QueryStop.Scope stop = QueryStop.install(ex::isCancelled)) {
            events = runner.run(request);
        } catch (org.apache.jena.query.QueryCancelledException e) {
            throw new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE, "update cancelled: the server is stopping; nothing of it was committed");
        } catch (QueryExecException e) {
            if (FederationGuard.isServiceDisabled(e)) {
                throw FederationGuard.refused();
            }
            throw e;
        } catch (org.apache.jena.update.UpdateException e) {
            // The request asked for something impossible (e.g. ADD from a graph that does not exist).
            throw HttpError.badRequest("update failed: " + QueryRunner.oneLine(e.getMessage()));
        }
        if (ResultFormats.accepts(ex, "application/json")) {
            ex.respond(HttpResponseStatus.OK, "application/json", toJson(events));
        } else {
            ex.respondEmpty(HttpResponseStatus.NO_CONTENT);
        }
    }

    static UpdateRequest parse(String text, String base) {
        try {
            return UpdateFactory.create(text, base);
        } catch (QueryParseException e) {
            throw HttpError.badRequest("update parse error: " + QueryRunner.parseMessage(e));
        }
    }

    /** The protocol's USING graphs apply to every DELETE/INSERT; a request that also has its own USING is an error. */
    static void applyUsing(UpdateRequest request, List<String> using, List<String> usingNamed) {
        if (using.isEmpty() && usingNamed.isEmpty()) {
            return;
        }
        for (Update op : request.getOperations()) {
            if (op instanceof UpdateWithUsing w) {
                if (!w.getUsing().isEmpty() || !w.getUsingNamed().isEmpty() || w.getWithIRI() != null) {
                    throw HttpError.badRequest("using-graph-uri / using-named-graph-uri cannot be combined with USING or WITH in the update");
                }
                for (String g : using) {
                    w.addUsing(iri(g));
                }
                for (String g : usingNamed) {
                    w.addUsingNamed(iri(g));
                }
            }
        }
    }

    private static Node iri(String s) {
        return NodeFactory.createURI(s.trim());
    }

    static String toJson(List<UpdateRunner.TimingEvent> events) {
        JsonArray arr = new JsonArray();
        for (UpdateRunner.TimingEvent e : events) {
            JsonObject o = new JsonObject();
            o.put("type", e.type());
            o.put("totalElapsedMillis", e.totalElapsedMillis());
            if (e.type().equals("UpdateEvent")) {
                o.put("elapsedMillis", e.elapsedMillis());
            }
            arr.add(o);
        }
        return arr.toString();
    }
}
