package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.sparql.modify.request.UpdateDropClear;
import org.apache.jena.sparql.modify.request.UpdateLoad;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateRequest;

/**
 * Runs a SPARQL update request in one write transaction: all of it commits, or none.
 * {@code DROP ALL} and {@code CLEAR ALL} go to the store's fast drop (range deletes,
 * time independent of the data) instead of ARQ, which would delete quad by quad;
 * {@code LOAD} reads only what the source policy allows ({@link SparqlLoad});
 * every other operation runs through ARQ. Returns Neptune-style timing events, one
 * per operation and one for the commit.
 */
public final class UpdateRunner {
    /** One timing event: {@code type} is "UpdateEvent" (elapsed = that operation) or "Commit". */
    public record TimingEvent(String type, long totalElapsedMillis, long elapsedMillis) {}

    private final QuarryDatasetGraph dataset;
    private final SparqlLoad loads;
    private final FederationGuard federation;

    /** A runner that may read no source and call no SERVICE. */
    public UpdateRunner(QuarryDatasetGraph dataset) {
        this(dataset, new SparqlLoad(SourcePolicy.none()), new FederationGuard(false));
    }

    UpdateRunner(QuarryDatasetGraph dataset, SparqlLoad loads, FederationGuard federation) {
        this.dataset = dataset;
        this.loads = loads;
        this.federation = federation;
    }

    public List<TimingEvent> run(UpdateRequest request) {
        List<TimingEvent> events = new ArrayList<>();
        long start = System.nanoTime();
        dataset.begin(ReadWrite.WRITE);
        try {
            for (Update op : request.getOperations()) {
                long opStart = System.nanoTime();
                if (isDropAll(op)) {
                    dataset.clear();
                } else if (op instanceof UpdateLoad load) {
                    loads.run(load, dataset);
                } else {
                    UpdateRequest one = new UpdateRequest();
                    one.setPrefixMapping(request.getPrefixMapping());
                    if (request.explicitlySetBaseURI()) {
                        one.setBaseURI(request.getBaseURI());
                    }
                    one.add(op);
                    UpdateExec.newBuilder().dataset(dataset).update(one)
                            .set(ARQ.httpServiceAllowed, federation.enabled()).execute();
                }
                long now = System.nanoTime();
                events.add(new TimingEvent("UpdateEvent", millis(now - start), millis(now - opStart)));
            }
            dataset.commit();
            long total = millis(System.nanoTime() - start);
            events.add(new TimingEvent("Commit", total, total));
            return events;
        } finally {
            dataset.end(); // aborts unless committed
        }
    }

    /** DROP ALL / CLEAR ALL (with or without SILENT): everything goes, in constant time. */
    public static boolean isDropAll(Update op) {
        return op instanceof UpdateDropClear dc && dc.isAll();
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
