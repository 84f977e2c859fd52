package dev.quarry.store.rocks;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The rule for a native reader (RocksDB iterator or snapshot): only the thread that
 * opened it closes it. RocksDB frees the C++ object on close; a call the owner is
 * making at that moment, or makes after, reads freed memory and crashes the JVM
 * (SIGSEGV, "pure virtual method called"). So a close from another thread (a
 * disconnect, a timeout timer, a shutdown) does not free anything: it marks the
 * reader, and the owner's next call frees it and fails with an exception. A call
 * after close fails with an exception too, never a native crash.
 *
 * <p>Cancellation elsewhere follows the same rule one level up: other threads only set
 * a flag that the query's thread checks (see {@code QueryRun}, {@code PatternSolver}).
 * The check per call is one volatile read: cursors are on every query's hot path.
 */
final class OwnerThread {
    private static final int OPEN = 0;
    private static final int CLOSE_REQUESTED = 1;
    private static final int CLOSED = 2;

    private final Thread owner = Thread.currentThread();
    private final String what;
    private final AtomicInteger state = new AtomicInteger(OPEN);

    OwnerThread(String what) {
        this.what = what;
    }

    /**
     * Before each native call: throws if the reader is closed; if another thread asked
     * to close it, runs {@code release} (on this, the owner's, thread) and throws.
     */
    void checkOpen(Runnable release) {
        if (state.get() != OPEN) {
            failClosed(release);
        }
    }

    private void failClosed(Runnable release) {
        if (Thread.currentThread() == owner && state.compareAndSet(CLOSE_REQUESTED, CLOSED)) {
            release.run();
            throw new IllegalStateException(what + " was closed by another thread while in use");
        }
        throw new IllegalStateException(what + " is closed");
    }

    /**
     * True if the caller should free the native object now: it is the owner and the
     * reader was open. From another thread only the request is recorded (false).
     */
    boolean close() {
        if (Thread.currentThread() == owner) {
            return state.getAndSet(CLOSED) != CLOSED;
        }
        state.compareAndSet(OPEN, CLOSE_REQUESTED);
        return false;
    }

    boolean isClosed() {
        return state.get() == CLOSED;
    }
}
