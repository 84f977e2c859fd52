package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decodes bzip2 (one or more concatenated streams) on several threads: the reading thread cuts
 * the input into blocks ({@link Bzip2BlockSplitter}), a small pool decodes each block alone
 * ({@link Bzip2Block#decode}), and {@code read} returns their bytes strictly in input order.
 * bzip2 blocks are independent, so the rate grows with the decoders, where one thread
 * decodes some 80 MB/s ({@link Bzip2BlockDecoder}). When the next block to read has not been
 * started by any decoder, the reading thread decodes it itself rather than wait.
 *
 * <p>Memory is bounded in blocks: at most {@value #BLOCKS_PER_DECODER} per decoder are cut
 * or decoded ahead of the one being read. A level-9 block is usually up to 900 kB decoded;
 * one of long runs can expand to tens of MB, so the bound is in blocks, not bytes.
 *
 * <p>A candidate that fails to decode is joined with the next and decoded again (a block
 * magic can occur by chance inside compressed data); only when no join within a block's
 * maximum size decodes is the input corrupt. The combined CRC of each stream is checked
 * against the block CRCs, so a lost or doubled block is an error too.
 *
 * <p>Closing stops the decoders (daemon threads) and waits for them; a reader blocked in
 * {@code read} on another thread gets "stream closed".
 */
public final class ParallelBzip2InputStream extends InputStream {
    /** Blocks in flight per decoder: one being decoded, one waiting, so no decoder idles on the reader. */
    static final int BLOCKS_PER_DECODER = 2;
    private static final int MAX_DECODERS = 8;
    /** How long close waits for the decoders to finish the blocks in hand (decoding ignores interrupts). */
    private static final long CLOSE_WAIT_SECONDS = 10;
    private static final AtomicInteger POOLS = new AtomicInteger();

    private record Pending(Bzip2Block block, FutureTask<Bzip2Block.Decoded> result) {}

    private record Joined(Bzip2Block block, Bzip2Block.Decoded decoded) {}

    private final Bzip2BlockSplitter splitter;
    private final InputStream source;
    private final ThreadPoolExecutor decoders;
    private final int maxInFlight;
    /** The pool's threads, to join on close: the pool's termination precedes their end. */
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    /** Reading thread only: blocks cut and submitted, in input order. */
    private final ArrayDeque<Pending> inFlight = new ArrayDeque<>();
    private boolean splitDone;
    private IOException splitFailure;

    /**
     * Output buffers of blocks already read, for the decoders to reuse: fresh ones cost
     * zeroing, cold memory and collection (about 5 % of the decoding CPU).
     */
    private final BlockingQueue<byte[]> spareBuffers;
    /** Block decoders and their tables (about 20 MB at level 9), reused in the same way: one per thread that decodes. */
    private final BlockingQueue<Bzip2BlockDecoder> spareDecoders;

    private byte[] current = new byte[0];
    private int pos;
    private int limit;
    private int crcStream;
    private int combinedCrc;
    private volatile boolean closed;

    /**
     * Decodes {@code source} with {@link #defaultDecoders()} threads named after {@code name}.
     */
    public ParallelBzip2InputStream(InputStream source, String name) {
        this(source, new Bzip2BlockSplitter(source), name, defaultDecoders());
    }

    ParallelBzip2InputStream(InputStream source, Bzip2BlockSplitter splitter, String name, int decoderThreads) {
        if (decoderThreads < 1) {
            throw new IllegalArgumentException("decoderThreads must be positive");
        }
        this.source = source;
        this.splitter = splitter;
        this.maxInFlight = decoderThreads * BLOCKS_PER_DECODER;
        this.spareBuffers = new ArrayBlockingQueue<>(maxInFlight + 1);
        this.spareDecoders = new ArrayBlockingQueue<>(decoderThreads + 1);
        String prefix = "quarry-bzip2-" + POOLS.incrementAndGet() + "-";
        this.decoders = new ThreadPoolExecutor(decoderThreads, decoderThreads, 0, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, prefix + (threads.size() + 1) + " " + name);
                    t.setDaemon(true);
                    threads.add(t);
                    return t;
                });
    }

    /**
     * One decoder per core, at most {@value #MAX_DECODERS}. With one core (a one-CPU
     * container) one, which still beats the library decoding the stream in one pass (100 MB
     * of BSBM N-Triples on one core: 57-80 MB/s against 40-54). 2 on a 2-core machine: the
     * parse workers wait on input while bzip2 is the bottleneck, so a second decoder takes
     * cycles they would leave idle. Decoders that run ahead of the
     * reader stop at the in-flight bound and wait without using CPU, so sizing by all cores
     * costs memory (a few blocks each), not CPU; the cap bounds that memory on big machines,
     * where 8 decoders (some 300 MB/s) outrun the parser (about 220 MB/s of N-Quads in the
     * 10 M load's reading phase).
     */
    public static int defaultDecoders() {
        return Math.min(MAX_DECODERS, Runtime.getRuntime().availableProcessors());
    }

    @Override
    public int read() throws IOException {
        if (!ensureData()) {
            return -1;
        }
        return current[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (!ensureData()) {
            return -1;
        }
        int n = Math.min(len, limit - pos);
        System.arraycopy(current, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int available() {
        return limit - pos;
    }

    /** Makes {@link #current} a block with unread bytes; false at the end of the input. */
    private boolean ensureData() throws IOException {
        while (pos == limit) {
            if (closed) {
                throw new IOException("stream closed");
            }
            Pending head = inFlight.pollFirst();
            if (head == null) {
                submitAhead();
                head = inFlight.pollFirst();
            }
            if (head == null) {
                if (splitFailure != null) {
                    throw splitFailure;
                }
                return false;
            }
            submitAhead(); // keep the decoders busy while this block is awaited and read
            Bzip2Block block = head.block;
            Bzip2Block.Decoded decoded;
            try {
                decoded = await(head.result);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) { // out of memory, say: no reason to retry
                    throw error;
                }
                Joined joined = decodeJoined(head.block, e.getCause());
                block = joined.block;
                decoded = joined.decoded;
            }
            checkStreamCrc(block);
            if (current.length > 0 && current.length <= 2 * Bzip2Block.usualSize(9)) { // not one blown up by runs
                spareBuffers.offer(current);
            }
            current = decoded.bytes();
            pos = 0;
            limit = decoded.length();
        }
        return true;
    }

    /** Cuts and submits blocks until {@link #maxInFlight} are in flight or the input ends. */
    private void submitAhead() throws IOException {
        while (inFlight.size() < maxInFlight && !splitDone) {
            Bzip2Block block;
            try {
                block = splitter.next();
            } catch (IOException e) {
                // Delivered after the blocks before it, as a sequential decoder would.
                splitFailure = e;
                splitDone = true;
                return;
            }
            if (block == null) {
                splitDone = true;
                return;
            }
            try {
                FutureTask<Bzip2Block.Decoded> task = new FutureTask<>(() -> decode(block));
                decoders.execute(task);
                inFlight.addLast(new Pending(block, task));
            } catch (RejectedExecutionException e) {
                throw new IOException("stream closed", e);
            }
        }
    }

    /** Decodes {@code block} with a spare decoder (or a new one), into a spare buffer if there is one. */
    private Bzip2Block.Decoded decode(Bzip2Block block) throws IOException {
        Bzip2BlockDecoder decoder = spareDecoders.poll();
        if (decoder == null) {
            decoder = new Bzip2BlockDecoder();
        }
        try {
            return block.decode(spareBuffers.poll(), decoder);
        } finally {
            spareDecoders.offer(decoder);
        }
    }

    /**
     * The block's bytes. If no decoder has started it yet, the reading thread decodes it
     * itself (a FutureTask runs once, whoever gets to it first): better than sleeping until
     * a busy decoder is free, and on a loaded machine it saves a thread wake-up per block.
     */
    private Bzip2Block.Decoded await(FutureTask<Bzip2Block.Decoded> result) throws IOException, ExecutionException {
        result.run();
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for a bzip2 block");
        } catch (CancellationException e) {
            throw new IOException("stream closed", e);
        }
    }

    /**
     * {@code failed} did not decode: maybe a block magic occurred by chance inside it and cut
     * a real block in two. Joins it with the following candidates, one at a time, and decodes
     * on this thread (a rare path) until one decodes; fails when the stream ends or the join
     * outgrows any real block.
     */
    private Joined decodeJoined(Bzip2Block failed, Throwable cause) throws IOException {
        Bzip2Block joined = failed;
        long maxBits = Bzip2BlockSplitter.maxBlockBits(failed.level());
        while (!joined.last() && joined.bitLength() <= maxBits) {
            if (inFlight.isEmpty()) {
                submitAhead();
            }
            Pending next = inFlight.pollFirst();
            if (next == null) {
                if (splitFailure != null) {
                    splitFailure.addSuppressed(cause);
                    throw splitFailure;
                }
                break;
            }
            next.result.cancel(false);
            joined = joined.joinedWith(next.block);
            try {
                return new Joined(joined, joined.decode());
            } catch (IOException | RuntimeException e) {
                // not this join either
            }
        }
        String detail = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        throw new IOException("block " + failed.index() + " of stream " + failed.stream() + " at compressed byte "
                + failed.byteOffset() + " does not decode: " + detail, cause);
    }

    /** Checks each stream's stored combined CRC against its blocks' CRCs. */
    private void checkStreamCrc(Bzip2Block block) throws IOException {
        if (block.stream() != crcStream) {
            crcStream = block.stream();
            combinedCrc = 0;
        }
        combinedCrc = Integer.rotateLeft(combinedCrc, 1) ^ block.crc();
        if (block.last() && combinedCrc != block.streamCrc()) {
            throw new IOException(String.format("stream %d: combined CRC %08x does not match its blocks' %08x"
                    + " (near compressed byte %d)", block.stream(), block.streamCrc(), combinedCrc, block.endBit() >>> 3));
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        // Queued blocks never run: cancel them so that a reader waiting on one wakes up.
        for (Runnable queued : decoders.shutdownNow()) {
            if (queued instanceof Future<?> f) {
                f.cancel(false);
            }
        }
        boolean interrupted = false;
        try {
            // Not an error if one outlasts the wait: it ends after its block, and the data read is complete.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
            for (Thread t : threads) {
                if (t.getState() != Thread.State.NEW) { // NEW: made, not yet started, by a racing submit
                    t.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                }
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            source.close();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
