package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.HttpError;
import dev.quarry.store.WriteTransaction;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;

/**
 * Receives parsed RDF and adds it to a write transaction: triples to the target graph,
 * quads (dataset uploads only) to their own graph.
 */
final class StoreWriter extends StreamRDFBase {
    private final WriteTransaction txn;
    private final GraphTarget target;

    StoreWriter(WriteTransaction txn, GraphTarget target) {
        this.txn = txn;
        this.target = target;
    }

    @Override
    public void triple(Triple t) {
        txn.add(target.storeNode(), t.getSubject(), t.getPredicate(), t.getObject());
    }

    @Override
    public void quad(Quad q) {
        if (q.isTriple() || q.isDefaultGraph()) {
            triple(q.asTriple());
            return;
        }
        if (target.kind() != GraphTarget.Kind.DATASET) {
            throw HttpError.badRequest("the upload names graph " + q.getGraph() + "; a graph upload takes triples only");
        }
        Node g = q.getGraph();
        txn.add(g, q.getSubject(), q.getPredicate(), q.getObject());
    }
}
