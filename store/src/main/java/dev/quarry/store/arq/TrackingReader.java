package dev.quarry.store.arq;

import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadReader;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import java.util.List;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;

/**
 * The id-level reader of one transaction, handed to the query executor: it reads
 * through whatever the transaction currently reads from (a snapshot, or the write
 * transaction after a promotion) and registers every cursor it opens, so that ending
 * the transaction closes cursors a query left open.
 */
final class TrackingReader implements QuadReader {
    private final QuadStore store;
    private final Supplier<QuadReader> reader;
    private final List<QuadCursor> open;
    private volatile boolean ended;

    TrackingReader(QuadStore store, Supplier<QuadReader> reader, List<QuadCursor> open) {
        this.store = store;
        this.reader = reader;
        this.open = open;
    }

    /** The transaction is over: later decodes (results read after it) use a fresh snapshot. */
    void end() {
        ended = true;
    }

    @Override
    public QuadCursor find(long s, long p, long o, long g) {
        return track(reader.get().find(s, p, o, g));
    }

    @Override
    public QuadCursor openCursor(int varying) {
        return track(reader.get().openCursor(varying));
    }

    private QuadCursor track(QuadCursor c) {
        Tracked t = new Tracked(c);
        open.add(t);
        return t;
    }

    @Override
    public List<Long> namedGraphs() {
        return reader.get().namedGraphs();
    }

    @Override
    public long lookup(Node node) {
        return reader.get().lookup(node);
    }

    @Override
    public Node decode(long id) {
        if (ended) {
            // Ids are never reused, so a later snapshot decodes the same term.
            try (ReadView view = store.newReadView()) {
                return view.decode(id);
            }
        }
        return reader.get().decode(id);
    }

    @Override
    public dev.quarry.store.PredicateStats predicateStats(long p) {
        return reader.get().predicateStats(p);
    }

    @Override
    public long estimate(long s, long p, long o, long g, int cap) {
        return reader.get().estimate(s, p, o, g, cap);
    }

    @Override
    public long estimateObjectRange(long p, long g, long oFrom, long oTo) {
        return reader.get().estimateObjectRange(p, g, oFrom, oTo);
    }

    @Override
    public dev.quarry.store.PredicateTable predicateTable(dev.quarry.store.PredicateTable.Key keyedBy, long p, long g, int seeks) {
        return reader.get().predicateTable(keyedBy, p, g, seeks);
    }

    /** A cursor that leaves the transaction's open list when closed. */
    private final class Tracked implements QuadCursor {
        private final QuadCursor c;
        private boolean closed;

        Tracked(QuadCursor c) {
            this.c = c;
        }

        @Override
        public void seek(long s, long p, long o, long g) {
            if (!closed) {
                c.seek(s, p, o, g);
            }
        }

        @Override
        public void seekObjects(long s, long p, long g, long oFrom, long oTo) {
            if (!closed) {
                c.seekObjects(s, p, g, oFrom, oTo);
            }
        }

        @Override
        public boolean next() {
            return !closed && c.next();
        }

        @Override
        public long s() {
            return c.s();
        }

        @Override
        public long p() {
            return c.p();
        }

        @Override
        public long o() {
            return c.o();
        }

        @Override
        public long g() {
            return c.g();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                c.close();
                // Cursors close mostly innermost first: search from the end.
                int i = open.lastIndexOf(this);
                if (i >= 0) {
                    open.remove(i);
                }
            }
        }
    }
}
