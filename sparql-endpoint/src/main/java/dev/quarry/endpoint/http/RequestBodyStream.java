package dev.quarry.endpoint.http;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A request body as it arrives: the event loop {@link #offer}s chunks, a worker thread
 * reads them. When more than {@link #HIGH_WATER} bytes wait, the event loop stops
 * reading the socket ({@code pause}) until the reader has drained them to half
 * ({@code resume}), so an upload of any size takes bounded memory.
 */
final class RequestBodyStream extends InputStream {
    static final int HIGH_WATER = 1 << 20;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<ByteBuf> chunks = new ArrayDeque<>();
    private final long timeoutMillis;
    private final Runnable resume;
    private long queued;
    private boolean paused;
    private boolean ended;
    private boolean closed;
    private IOException failure;

    RequestBodyStream(long timeoutMillis, Runnable resume) {
        this.timeoutMillis = timeoutMillis;
        this.resume = resume;
    }

    /**
     * Adds a chunk (takes ownership); returns true if the socket should pause (then
     * {@code resume} runs once the reader has drained the waiting bytes to half).
     */
    boolean offer(ByteBuf chunk) {
        lock.lock();
        try {
            if (closed || failure != null) {
                chunk.release();
                return false;
            }
            if (chunk.isReadable()) {
                chunks.add(chunk);
                queued += chunk.readableBytes();
            } else {
                chunk.release();
            }
            changed.signalAll();
            // Only the reader clears a pause (when it wakes the socket): a chunk that was
            // already in the pipeline when the socket paused must not clear it, or the
            // reader would never call resume and the socket would stay paused for good.
            paused |= queued > HIGH_WATER;
            return paused;
        } finally {
            lock.unlock();
        }
    }

    void end() {
        lock.lock();
        try {
            ended = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void fail(IOException e) {
        lock.lock();
        try {
            if (failure == null) {
                failure = e;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        boolean wake = false;
        lock.lock();
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            while (failure != null || chunks.isEmpty()) {
                if (failure != null) {
                    throw failure;
                }
                if (ended || closed) {
                    return -1;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IOException("client sent nothing for " + timeoutMillis + " ms");
                }
                changed.awaitNanos(left);
            }
            ByteBuf head = chunks.peek();
            int n = Math.min(len, head.readableBytes());
            head.readBytes(b, off, n);
            if (!head.isReadable()) {
                chunks.poll().release();
            }
            queued -= n;
            if (paused && queued <= HIGH_WATER / 2) {
                paused = false;
                wake = true;
            }
            return n;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the request body");
        } finally {
            lock.unlock();
            if (wake) {
                resume.run();
            }
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            for (ByteBuf c : chunks) {
                c.release();
            }
            chunks.clear();
            queued = 0;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        resume.run();
    }
}
