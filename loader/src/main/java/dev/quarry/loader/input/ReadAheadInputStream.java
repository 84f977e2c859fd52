package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads {@code source} on its own thread into a few large buffers, ahead of the consumer, so
 * that decompression and parsing run on different cores. The buffers circulate between a
 * free queue and a filled queue, so memory is bounded at {@code buffers x bufferSize}.
 *
 * <p>An error on the reading thread is rethrown by the consumer's next {@code read}. Closing
 * this stream stops the reader and waits for it, then the reader closes {@code source}; the
 * reader is never interrupted, because interrupting a thread blocked on a file channel
 * would close the channel under an archive that still has entries to read. So a close waits
 * for the read in progress to return.
 */
public final class ReadAheadInputStream extends InputStream {
    /** Buffer size and count of the default pipe: 4 MiB in flight. */
    public static final int DEFAULT_BUFFER_SIZE = 1 << 20;
    public static final int DEFAULT_BUFFERS = 4;

    /** A filled buffer; {@code length < 0} marks the end, {@code error != null} a failure. */
    private record Block(byte[] bytes, int length, Throwable error) {}

    private final BlockingQueue<byte[]> free;
    private final BlockingQueue<Block> filled;
    private final Thread reader;
    private volatile boolean closed;
    /** Reader thread only: bytes in the buffer being filled; a field so that an error does not lose them. */
    private int filledBytes;

    private Block current;
    private int pos;
    private boolean finished;

    /** A pipe with the default buffers; {@code name} names the thread (the feed's name). */
    public ReadAheadInputStream(InputStream source, String name) {
        this(source, name, DEFAULT_BUFFER_SIZE, DEFAULT_BUFFERS);
    }

    public ReadAheadInputStream(InputStream source, String name, int bufferSize, int buffers) {
        if (bufferSize < 1 || buffers < 1) {
            throw new IllegalArgumentException("bufferSize and buffers must be positive");
        }
        this.free = new ArrayBlockingQueue<>(buffers);
        this.filled = new ArrayBlockingQueue<>(buffers + 1); // + the end or error marker
        for (int i = 0; i < buffers; i++) {
            free.add(new byte[bufferSize]);
        }
        this.reader = new Thread(() -> readAll(source), "quarry-read-ahead " + name);
        reader.setDaemon(true);
        reader.start();
    }

    private void readAll(InputStream source) {
        try (source) {
            while (!closed) {
                byte[] buf = free.take();
                Throwable error = null;
                try {
                    fill(source, buf);
                } catch (Throwable t) {
                    error = t;
                }
                if (filledBytes > 0) { // bytes read before an error are delivered before it
                    filled.put(new Block(buf, filledBytes, null));
                }
                if (error != null) {
                    filled.put(new Block(null, -1, error));
                    return;
                }
                if (filledBytes < buf.length) {
                    filled.put(new Block(null, -1, null));
                    return;
                }
            }
        } catch (Throwable t) {
            // The consumer may have stopped reading; offer, never block, on the way out.
            filled.offer(new Block(null, -1, t));
        }
    }

    /** Reads until {@code buf} is full or the source ends, counting in {@link #filledBytes}. */
    private void fill(InputStream source, byte[] buf) throws IOException {
        filledBytes = 0;
        while (filledBytes < buf.length && !closed) {
            int r = source.read(buf, filledBytes, buf.length - filledBytes);
            if (r < 0) {
                break;
            }
            filledBytes += r;
        }
    }

    /** Makes {@link #current} a block with unread bytes; false at the end. */
    private boolean advance() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
        if (current != null && pos < current.length) {
            return true;
        }
        if (finished) {
            return false;
        }
        if (current != null) {
            free.add(current.bytes);
            current = null;
        }
        Block b;
        try {
            b = filled.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for input");
        }
        if (b.error != null) {
            finished = true;
            throw asIOException(b.error);
        }
        if (b.length < 0) {
            finished = true;
            return false;
        }
        current = b;
        pos = 0;
        return true;
    }

    private static IOException asIOException(Throwable t) {
        if (t instanceof IOException io) {
            // A fresh exception with the same message: the stack shows both threads.
            return new IOException(io.getMessage(), io);
        }
        return new IOException(t.getMessage() != null ? t.getMessage() : t.toString(), t);
    }

    @Override
    public int read() throws IOException {
        if (!advance()) {
            return -1;
        }
        return current.bytes[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (!advance()) {
            return -1;
        }
        int n = Math.min(len, current.length - pos);
        System.arraycopy(current.bytes, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int available() {
        return current == null ? 0 : current.length - pos;
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        // Keep handing buffers back until the reader notices and ends.
        boolean interrupted = false;
        while (reader.isAlive()) {
            Block b;
            while ((b = filled.poll()) != null) {
                if (b.bytes != null) {
                    free.offer(b.bytes);
                }
            }
            try {
                reader.join(10);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        // A consumer blocked in read() on another thread (a cancelled load) wakes up with an error.
        filled.offer(new Block(null, -1, new IOException("stream closed")));
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
