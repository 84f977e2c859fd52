package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.op.OpService;
import org.apache.jena.sparql.algebra.walker.Walker;
import org.apache.jena.sparql.expr.ExprVisitorBase;
import org.apache.jena.sparql.modify.request.UpdateModify;
import org.apache.jena.query.ARQ;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateRequest;

/**
 * SPARQL {@code SERVICE} (federated query) is off unless the server runs with
 * {@code --enable-service}: a request that uses it is refused with 403 before it runs.
 * ARQ's own switch ({@link ARQ#httpServiceAllowed}) is set to match as a second line, so
 * a SERVICE the check missed still cannot call out; its failure is turned into the same 403.
 */
final class FederationGuard {
    private static final String DISABLED = "SERVICE (federated query) is disabled on this server; start it with --enable-service";

    private final boolean enabled;

    FederationGuard(boolean enabled) {
        this.enabled = enabled;
    }

    boolean enabled() {
        return enabled;
    }

    /** Refuses a query whose algebra ({@code op}, compiled from it) holds a SERVICE. */
    void check(Op op) {
        if (!enabled && usesService(op)) {
            throw refused();
        }
    }

    void check(UpdateRequest request) {
        if (enabled) {
            return;
        }
        for (Update op : request.getOperations()) {
            if (op instanceof UpdateModify m && m.getWherePattern() != null
                    && usesService(Algebra.compile(m.getWherePattern()))) {
                throw refused();
            }
        }
    }

    /** Whether running {@code op} would call another endpoint (a SERVICE, and SERVICE allowed). */
    boolean callsOut(Op op) {
        return enabled && usesService(op);
    }

    /** ARQ refused a SERVICE call at run time: the same 403 as the check. */
    static boolean isServiceDisabled(QueryExecException e) {
        return e.getMessage() != null && e.getMessage().startsWith("SERVICE execution disabled");
    }

    static HttpError refused() {
        return new HttpError(HttpResponseStatus.FORBIDDEN, DISABLED);
    }

    /** Whether {@code op} or an expression inside it (FILTER EXISTS) contains a SERVICE. */
    private static boolean usesService(Op op) {
        boolean[] found = {false};
        Walker.walk(op, new OpVisitorBase() {
            @Override
            public void visit(OpService service) {
                found[0] = true;
            }
        }, new ExprVisitorBase());
        return found[0];
    }
}
