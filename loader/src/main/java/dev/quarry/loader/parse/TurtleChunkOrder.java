package dev.quarry.loader.parse;

import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.jena.riot.system.PrefixMap;

/**
 * Settles the chunks of one Turtle/TriG document in document order, while parse workers
 * parse them in any order. A worker parses its chunk ({@link TurtleChunkParser#parse}),
 * waits until every chunk before it is settled, and then:
 * <ul>
 *   <li>takes it: the chunk before ended at a statement's end with the prologue this one
 *       started from ({@link TurtleChunkParser#follows}), and this one ended at one too (or
 *       is the last): its errors are reported (so errors come in document order, and the
 *       first one is the one {@code --fail-on-error} stops at) and its statements handed on;</li>
 *   <li>or falls back: it reads the document from this chunk to its end on this thread,
 *       as one parser, from the chunks the reader holds for it ({@link #add}); the chunks
 *       after it are dropped by their workers.</li>
 * </ul>
 * Thread-safe: one reader thread adds, any number of workers process.
 */
public final class TurtleChunkOrder {
    /** Chunks the reader may be ahead of the one thread reading the rest of a document (few: the heap may be small, SharedPrefixesMemoryTest). */
    private static final int MAX_HELD = 2;

    private final TurtleChunkParser parser;
    /** Gets each chunk taken as parsed, whose text is then no longer read (the chunker reuses its buffer). */
    private final Consumer<TurtleChunk> release;
    private final Object lock = new Object();
    /** Chunks added and not yet taken or read by the thread that fell back, in document order. */
    private final ArrayDeque<TurtleChunk> held = new ArrayDeque<>();
    private boolean ended;
    /** Chunks up to this index are settled. */
    private int settled = -1;
    /** The last chunk taken. */
    private TurtleChunkParser.Parsed lastTaken;
    /** The first chunk read on one thread, or -1. */
    private volatile int fallbackFrom = -1;
    private volatile String fallbackReason;
    /** A failure (--fail-on-error, a stopped load) ended the document: the rest is dropped. */
    private volatile boolean abandoned;

    public TurtleChunkOrder(TurtleChunkParser parser) {
        this(parser, chunk -> { });
    }

    /**
     * @param release gets each chunk taken as parsed. Chunks read by a thread that fell back
     *     are not handed to it: a worker may still be parsing one in vain when that thread is done with it.
     */
    public TurtleChunkOrder(TurtleChunkParser parser, Consumer<TurtleChunk> release) {
        this.parser = parser;
        this.release = release;
    }

    /**
     * Reader: adds the document's next chunk. Returns whether a worker should process it; once
     * the document falls back, chunks are only held for the thread reading it (this blocks
     * while that thread is {@link #MAX_HELD} chunks behind).
     */
    public boolean add(TurtleChunk chunk, Runnable check) {
        synchronized (lock) {
            while (fallbackFrom >= 0 && held.size() >= MAX_HELD && !abandoned) {
                await(check);
            }
            if (abandoned) {
                return false;
            }
            held.addLast(chunk);
            lock.notifyAll();
            return fallbackFrom < 0;
        }
    }

    /** Reader: no chunk follows. */
    public void end() {
        synchronized (lock) {
            ended = true;
            lock.notifyAll();
        }
    }

    /** Why the document fell back to one thread (for tests and diagnostics), or null. */
    public String fallbackReason() {
        return fallbackReason;
    }

    /** The first chunk read on one thread with the rest of the document, or -1 if none (so far). */
    public int fallbackFrom() {
        return fallbackFrom;
    }

    /** Whether the rest of the document is read on one thread (chunks added now need no worker). */
    public boolean fallenBack() {
        return fallbackFrom >= 0 || abandoned;
    }

    /**
     * Worker: parses {@code chunk} and settles it (see the class comment). {@code prefixes}
     * gives the document's prefix map if the rest is read on this thread.
     */
    public void process(TurtleChunk chunk, Supplier<PrefixMap> prefixes, ParseErrors errors,
                        TurtleChunkParser.Statements out, Runnable check) {
        TurtleChunkParser.Parsed parsed = fallenBack() || chunk.start() == null ? null : parser.parse(chunk);
        Prologue restStart;
        synchronized (lock) {
            while (settled != chunk.index() - 1 && !abandoned) {
                await(check);
            }
            if (fallenBack()) {
                settled = chunk.index();
                lock.notifyAll();
                return;
            }
            boolean startsRight = chunk.index() == 0 ? chunk.start() != null : TurtleChunkParser.follows(lastTaken, chunk);
            if (parsed != null && startsRight && (parsed.atStatementEnd() || chunk.last())) {
                try {
                    parsed.reportErrors(errors);
                } catch (RuntimeException e) {
                    abandon();
                    throw e;
                }
                lastTaken = parsed;
                settled = chunk.index();
                held.removeFirst();
                lock.notifyAll();
                restStart = null;
            } else {
                // From here on, one parser: the chunk started right but its text ran past the cut
                // (an error whose skipping crosses it, a statement the scan took to be ended), or
                // the prediction of where or with what prologue it starts was wrong.
                fallbackReason = chunk.start() == null ? "no prologue predicted"
                        : !startsRight && !lastTaken.atStatementEnd() ? "the chunk before ended inside a statement"
                        : !startsRight ? "predicted " + chunk.start() + ", was " + lastTaken.end()
                        : "its text ran past its end";
                fallbackFrom = chunk.index();
                settled = chunk.index();
                lock.notifyAll();
                restStart = startsRight ? chunk.start() : lastTaken.end();
            }
        }
        if (restStart == null) {
            release.accept(chunk);
            parsed.emit(out);
            return;
        }
        try {
            parser.parseRest(new HeldText(check), chunk.firstLine(), chunk.index(), restStart, prefixes.get(), errors,
                    out);
        } catch (RuntimeException e) {
            abandon();
            throw e;
        }
    }

    private void abandon() {
        synchronized (lock) {
            abandoned = true;
            held.clear();
            lock.notifyAll();
        }
    }

    private void await(Runnable check) {
        check.run();
        try {
            lock.wait(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    /** The held chunks' text in order, for the thread reading the rest of the document; releases each chunk read. */
    private final class HeldText extends InputStream {
        private final Runnable check;
        private TurtleChunk current;
        private int pos;

        HeldText(Runnable check) {
            this.check = check;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            while (current == null || pos == current.length()) {
                if (!nextChunk()) {
                    return -1;
                }
            }
            int n = Math.min(len, current.length() - pos);
            System.arraycopy(current.bytes(), current.offset() + pos, b, off, n);
            pos += n;
            return n;
        }

        private boolean nextChunk() {
            synchronized (lock) {
                if (current != null && !abandoned) {
                    held.removeFirst();
                    lock.notifyAll();
                    current = null;
                }
                while (held.isEmpty() && !ended && !abandoned) {
                    await(check);
                }
                if (held.isEmpty() || abandoned) {
                    return false;
                }
                current = held.peekFirst();
                pos = 0;
                return true;
            }
        }
    }
}
