package dev.quarry.store.graph;

import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.sparql.modify.request.UpdateDropClear;
import org.apache.jena.system.Txn;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateRequest;

/**
 * Runs a SPARQL Update request on a {@link QuarryDatasetGraph} in one write transaction
 * (the caller's, if it has one; else its own). Operations that empty the whole store,
 * {@code DROP ALL} and {@code CLEAR ALL} (SILENT or not), take the store's own drop
 * ({@link QuarryDatasetGraph#clear()}), whose time does not grow with the data; ARQ
 * would delete graph by graph, quad by quad. Every other operation runs through ARQ,
 * in order, in the same transaction, so a failure anywhere leaves nothing applied.
 *
 * <p>Shared by the {@code update} command and the HTTP endpoint so both route alike.
 */
public final class UpdateRunner {
    private UpdateRunner() {}

    /**
     * What ran.
     *
     * @param operations operations in the request
     * @param fastDrops  of those, DROP ALL / CLEAR ALL done by the store's constant-time drop
     */
    public record Result(int operations, int fastDrops) {}

    public static Result run(QuarryDatasetGraph dsg, UpdateRequest request) {
        return Txn.calculateWrite(dsg, () -> execute(dsg, request));
    }

    /** Whether {@code op} empties every graph: DROP ALL or CLEAR ALL. */
    public static boolean dropsEverything(Update op) {
        return op instanceof UpdateDropClear dropClear && dropClear.isAll();
    }

    private static Result execute(QuarryDatasetGraph dsg, UpdateRequest request) {
        int fast = 0;
        // Consecutive ARQ operations run as one request, so a request without DROP ALL
        // runs exactly as ARQ would run it.
        UpdateRequest pending = emptyLike(request);
        for (Update op : request) {
            if (dropsEverything(op)) {
                runArq(dsg, pending);
                pending = emptyLike(request);
                dsg.clear();
                fast++;
            } else {
                pending.add(op);
            }
        }
        runArq(dsg, pending);
        return new Result(request.getOperations().size(), fast);
    }

    private static UpdateRequest emptyLike(UpdateRequest request) {
        UpdateRequest r = new UpdateRequest();
        r.setPrefixMapping(request.getPrefixMapping());
        if (request.explicitlySetBaseURI()) {
            r.setBaseURI(request.getBaseURI());
        }
        return r;
    }

    private static void runArq(QuarryDatasetGraph dsg, UpdateRequest ops) {
        if (!ops.getOperations().isEmpty()) {
            UpdateExec.dataset(dsg).update(ops).execute();
        }
    }
}
