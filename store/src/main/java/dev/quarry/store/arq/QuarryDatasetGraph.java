package dev.quarry.store.arq;

import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadReader;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.query.TxnType;
import org.apache.jena.riot.system.PrefixMap;
import org.apache.jena.riot.system.PrefixMapFactory;
import org.apache.jena.shared.JenaException;
import org.apache.jena.shared.Lock;
import org.apache.jena.shared.LockMRSW;
import org.apache.jena.sparql.core.DatasetGraphBaseFind;
import org.apache.jena.sparql.core.GraphView;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Transactional;
import org.apache.jena.sparql.util.Context;

/**
 * A Jena {@code DatasetGraph} over a {@link QuadStore}, so that ARQ runs any SPARQL
 * 1.1 query and update on it. Transactions are per thread: a read transaction is a
 * {@link ReadView} snapshot, a write transaction the store's one
 * {@link WriteTransaction}. Operations outside a transaction run in their own
 * (auto-commit) transaction.
 */
public final class QuarryDatasetGraph extends DatasetGraphBaseFind {
    private final QuadStore store;
    private final ThreadLocal<Txn> current = new ThreadLocal<>();
    private final PrefixMap prefixes = PrefixMapFactory.create();
    private final Lock lock = new LockMRSW();
    private final Context context = new Context();

    /** The state of one thread's transaction. Open cursors are closed when it ends. */
    private static final class Txn {
        TxnType type;
        ReadView view;
        WriteTransaction write;
        final List<QuadCursor> cursors = new ArrayList<>();
        final TrackingReader tracking;

        Txn(QuadStore store) {
            tracking = new TrackingReader(store, this::reader, cursors);
        }

        QuadReader reader() {
            return write != null ? write : view;
        }
    }

    public QuarryDatasetGraph(QuadStore store) {
        this.store = store;
    }

    public QuadStore store() {
        return store;
    }

    // ------------------------------------------------------------------ transactions

    @Override
    public boolean supportsTransactions() {
        return true;
    }

    @Override
    public boolean supportsTransactionAbort() {
        return true;
    }

    @Override
    public void begin(TxnType type) {
        if (current.get() != null) {
            throw new JenaException("already in a transaction on this thread");
        }
        Txn txn = new Txn(store);
        txn.type = type;
        if (type == TxnType.WRITE) {
            txn.write = store.beginWrite();
        } else {
            txn.view = store.newReadView();
        }
        current.set(txn);
    }

    @Override
    public void begin(ReadWrite mode) {
        begin(TxnType.convert(mode));
    }

    @Override
    public boolean promote(Transactional.Promote mode) {
        Txn txn = requireTxn();
        if (txn.write != null) {
            return true;
        }
        if (txn.type == TxnType.READ) {
            return false;
        }
        boolean readCommitted = txn.type == TxnType.READ_COMMITTED_PROMOTE || mode == Transactional.Promote.READ_COMMITTED;
        WriteTransaction w = readCommitted ? store.beginWrite() : store.tryBeginWrite(txn.view.version());
        if (w == null) {
            return false;
        }
        closeCursors(txn);
        txn.view.close();
        txn.view = null;
        txn.write = w;
        return true;
    }

    @Override
    public void commit() {
        Txn txn = requireTxn();
        if (txn.write != null) {
            closeCursors(txn);
            txn.write.commit();
        }
        endTxn(txn);
    }

    @Override
    public void abort() {
        Txn txn = requireTxn();
        endTxn(txn);
    }

    @Override
    public void end() {
        Txn txn = current.get();
        if (txn != null) {
            endTxn(txn);
        }
    }

    private void endTxn(Txn txn) {
        txn.tracking.end();
        closeCursors(txn);
        if (txn.write != null) {
            txn.write.abort(); // no-op after commit
        }
        if (txn.view != null) {
            txn.view.close();
        }
        current.remove();
    }

    private static void closeCursors(Txn txn) {
        for (QuadCursor c : List.copyOf(txn.cursors)) { // a tracked cursor unlists itself on close
            c.close();
        }
        txn.cursors.clear();
    }

    @Override
    public ReadWrite transactionMode() {
        Txn txn = current.get();
        return txn == null ? null : (txn.write != null ? ReadWrite.WRITE : ReadWrite.READ);
    }

    @Override
    public TxnType transactionType() {
        Txn txn = current.get();
        return txn == null ? null : txn.type;
    }

    @Override
    public boolean isInTransaction() {
        return current.get() != null;
    }

    private Txn requireTxn() {
        Txn txn = current.get();
        if (txn == null) {
            throw new JenaException("not in a transaction");
        }
        return txn;
    }

    /** The write transaction of this thread, promoting a promotable read; null outside a transaction. */
    private WriteTransaction writer() {
        Txn txn = current.get();
        if (txn == null) {
            return null;
        }
        if (txn.write == null && !promote()) {
            throw new JenaException("write in a read transaction");
        }
        return txn.write;
    }

    /** Runs a write in the thread's transaction, or in its own auto-commit transaction. */
    private void write(java.util.function.Consumer<WriteTransaction> action) {
        WriteTransaction w = writer();
        if (w != null) {
            action.accept(w);
            return;
        }
        try (WriteTransaction auto = store.beginWrite()) {
            action.accept(auto);
            auto.commit();
        }
    }

    /**
     * The id-level reader of this thread's transaction, for the query executor
     * ({@code dev.quarry.store.arq.exec}); null outside a transaction. Cursors it opens
     * are closed when the transaction ends, if the query has not closed them.
     */
    public QuadReader transactionReader() {
        Txn txn = current.get();
        return txn == null ? null : txn.tracking;
    }

    // ------------------------------------------------------------------ find

    @Override
    protected Iterator<Quad> findInDftGraph(Node s, Node p, Node o) {
        return scan(TermId.DEFAULT_GRAPH, Quad.defaultGraphIRI, s, p, o);
    }

    @Override
    protected Iterator<Quad> findInSpecificNamedGraph(Node g, Node s, Node p, Node o) {
        return scan(TermId.NONE, g, s, p, o);
    }

    @Override
    protected Iterator<Quad> findInAnyNamedGraphs(Node s, Node p, Node o) {
        return scan(TermId.ANY_NAMED_GRAPH, null, s, p, o);
    }

    @Override
    protected java.util.stream.Stream<Quad> streamInDftGraph(Node s, Node p, Node o) {
        return stream(findInDftGraph(s, p, o));
    }

    @Override
    protected java.util.stream.Stream<Quad> streamInSpecificNamedGraph(Node g, Node s, Node p, Node o) {
        return stream(findInSpecificNamedGraph(g, s, p, o));
    }

    @Override
    protected java.util.stream.Stream<Quad> streamInAnyNamedGraphs(Node s, Node p, Node o) {
        return stream(findInAnyNamedGraphs(s, p, o));
    }

    /** A stream over a scan; closing it closes the scan's cursor. */
    private static java.util.stream.Stream<Quad> stream(Iterator<Quad> it) {
        return Iter.asStream(it).onClose(() -> Iter.close(it));
    }

    /**
     * Scans one pattern. {@code gid} is a fixed graph id (default, any named), or NONE with
     * {@code g} a concrete graph node to look up.
     */
    private Iterator<Quad> scan(long gid, Node g, Node s, Node p, Node o) {
        Txn txn = current.get();
        if (txn == null) {
            // Auto-commit read: materialise so that no cursor outlives its snapshot.
            try (ReadView view = store.newReadView()) {
                List<Quad> all = new ArrayList<>();
                scan(view, null, gid, g, s, p, o).forEachRemaining(all::add);
                return all.iterator();
            }
        }
        return scan(txn.reader(), txn, gid, g, s, p, o);
    }

    private Iterator<Quad> scan(QuadReader reader, Txn txn, long gid, Node g, Node s, Node p, Node o) {
        if (gid == TermId.NONE) {
            gid = id(reader, g);
        }
        long sid = id(reader, s), pid = id(reader, p), oid = id(reader, o);
        if (gid == -2 || sid == -2 || pid == -2 || oid == -2) {
            return Iter.nullIterator(); // a constant the store does not have: no match, no scan
        }
        QuadCursor cursor = reader.find(sid, pid, oid, gid);
        if (txn != null) {
            txn.cursors.add(cursor);
        }
        Node fixedG = gid == TermId.DEFAULT_GRAPH ? Quad.defaultGraphIRI : (g != null && g.isConcrete() ? g : null);
        return new QuadIterator(reader, cursor, txn, fixedG, concrete(s), concrete(p), concrete(o));
    }

    /** The id of a pattern term: NONE for a wildcard, -2 for a constant not in the store. */
    private static long id(QuadReader reader, Node n) {
        if (n == null || !n.isConcrete()) {
            return TermId.NONE;
        }
        long id = reader.lookup(n);
        return id == TermId.NONE ? -2 : id;
    }

    private static Node concrete(Node n) {
        return n != null && n.isConcrete() ? n : null;
    }

    /** Decodes a cursor's ids into quads; reuses the pattern's constants instead of decoding them. */
    private static final class QuadIterator implements Iterator<Quad>, org.apache.jena.atlas.lib.Closeable {
        private final QuadReader reader;
        private final QuadCursor cursor;
        private final Txn txn;
        private final Node g, s, p, o;
        private Quad next;
        private boolean finished;

        QuadIterator(QuadReader reader, QuadCursor cursor, Txn txn, Node g, Node s, Node p, Node o) {
            this.reader = reader;
            this.cursor = cursor;
            this.txn = txn;
            this.g = g;
            this.s = s;
            this.p = p;
            this.o = o;
        }

        @Override
        public boolean hasNext() {
            if (next != null) {
                return true;
            }
            if (finished) {
                return false;
            }
            if (!cursor.next()) {
                close();
                return false;
            }
            Node gn = g != null ? g : (cursor.g() == TermId.DEFAULT_GRAPH ? Quad.defaultGraphIRI : reader.decode(cursor.g()));
            next = Quad.create(gn,
                    s != null ? s : reader.decode(cursor.s()),
                    p != null ? p : reader.decode(cursor.p()),
                    o != null ? o : reader.decode(cursor.o()));
            return true;
        }

        @Override
        public Quad next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Quad q = next;
            next = null;
            return q;
        }

        @Override
        public void close() {
            if (!finished) {
                finished = true;
                cursor.close();
                if (txn != null) {
                    txn.cursors.remove(cursor);
                }
            }
        }
    }

    // ------------------------------------------------------------------ writes

    @Override
    public void add(Quad quad) {
        add(quad.getGraph(), quad.getSubject(), quad.getPredicate(), quad.getObject());
    }

    @Override
    public void delete(Quad quad) {
        delete(quad.getGraph(), quad.getSubject(), quad.getPredicate(), quad.getObject());
    }

    @Override
    public void add(Node g, Node s, Node p, Node o) {
        checkConcrete(s, p, o);
        Node graph = isDefault(g) ? null : g;
        write(w -> w.add(graph, s, p, o));
    }

    @Override
    public void delete(Node g, Node s, Node p, Node o) {
        Node graph = isDefault(g) ? null : g;
        write(w -> w.delete(graph, s, p, o));
    }

    @Override
    public void deleteAny(Node g, Node s, Node p, Node o) {
        write(w -> {
            List<Quad> matches = new ArrayList<>();
            find(g, s, p, o).forEachRemaining(matches::add);
            for (Quad q : matches) {
                w.delete(isDefault(q.getGraph()) ? null : q.getGraph(), q.getSubject(), q.getPredicate(), q.getObject());
            }
        });
    }

    /** Deletes everything, in time that does not grow with the data (DROP ALL / CLEAR ALL). */
    @Override
    public void clear() {
        write(WriteTransaction::dropAll);
    }

    private static boolean isDefault(Node g) {
        return g == null || Quad.isDefaultGraph(g);
    }

    private static void checkConcrete(Node s, Node p, Node o) {
        if (!s.isConcrete() || !p.isConcrete() || !o.isConcrete()) {
            throw new JenaException("cannot store a quad with a variable or wildcard: " + s + " " + p + " " + o);
        }
    }

    // ------------------------------------------------------------------ graphs

    @Override
    public Graph getDefaultGraph() {
        return GraphView.createDefaultGraph(this);
    }

    @Override
    public Graph getGraph(Node graphNode) {
        return GraphView.createNamedGraph(this, graphNode);
    }

    @Override
    public void addGraph(Node graphName, Graph graph) {
        removeGraph(graphName);
        for (Iterator<Triple> it = graph.find(); it.hasNext(); ) {
            Triple t = it.next();
            add(graphName, t.getSubject(), t.getPredicate(), t.getObject());
        }
    }

    @Override
    public void removeGraph(Node graphName) {
        deleteAny(graphName, Node.ANY, Node.ANY, Node.ANY);
    }

    @Override
    public Iterator<Node> listGraphNodes() {
        Txn txn = current.get();
        if (txn == null) {
            try (ReadView view = store.newReadView()) {
                return graphNodes(view).iterator();
            }
        }
        return graphNodes(txn.reader()).iterator();
    }

    private static List<Node> graphNodes(QuadReader reader) {
        List<Node> nodes = new ArrayList<>();
        for (long g : reader.namedGraphs()) {
            nodes.add(reader.decode(g));
        }
        return nodes;
    }

    @Override
    public long size() {
        Txn txn = current.get();
        if (txn == null) {
            try (ReadView view = store.newReadView()) {
                return view.namedGraphs().size();
            }
        }
        return txn.reader().namedGraphs().size();
    }

    @Override
    public boolean isEmpty() {
        Txn txn = current.get();
        if (txn == null) {
            try (ReadView view = store.newReadView()) {
                return !view.contains(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE);
            }
        }
        return !txn.reader().contains(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE);
    }

    @Override
    public PrefixMap prefixes() {
        return prefixes;
    }

    @Override
    public Lock getLock() {
        return lock;
    }

    @Override
    public Context getContext() {
        return context;
    }

    /** Ends this thread's transaction, if any; the store itself is closed by its owner. */
    @Override
    public void close() {
        end();
    }
}
