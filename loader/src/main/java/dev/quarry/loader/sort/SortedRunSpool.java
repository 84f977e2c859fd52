package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The spool of a load's sorted runs, per index: runs stay in heap while their total is under
 * the budget; past it, new runs go to a single spill-writer thread. Adaptive
 * compression: a producer LZ4-compresses a run before queueing it only while more than
 * {@link #BACKLOG} runs already wait for the disk, so a fast disk gets raw bytes (no CPU
 * spent) and a slow one gets fewer.
 */
public final class SortedRunSpool implements AutoCloseable {
    static final int BACKLOG = 4;
    private static final SortedRun END = new SortedRun(Permutation.SPOG, 0, List.of(), List.of());

    private final Path scratch;
    private final long budget;
    private final Map<Permutation, List<SortedRun>> runs = new EnumMap<>(Permutation.class);
    private final AtomicLong inMemory = new AtomicLong();
    private final AtomicInteger spilled = new AtomicInteger();
    private final AtomicInteger compressed = new AtomicInteger();
    private final AtomicLong spilledBytes = new AtomicLong();
    private final BlockingQueue<SortedRun> toDisk = new ArrayBlockingQueue<>(16);
    private final CountDownLatch writerDone = new CountDownLatch(1);
    private volatile Throwable writerFailure;

    /** A spool whose spill writer runs on a thread of its own. */
    public SortedRunSpool(Path scratch, long budgetBytes) {
        this(scratch, budgetBytes, task -> {
            Thread t = new Thread(task, "quarry-load-spill");
            t.setDaemon(true);
            t.start();
        });
    }

    /** A spool whose spill writer runs on {@code executor} (the load's, which stops and joins it). */
    public SortedRunSpool(Path scratch, long budgetBytes, Executor executor) {
        this.scratch = scratch;
        this.budget = budgetBytes;
        for (Permutation p : Permutation.values()) {
            runs.put(p, new ArrayList<>());
        }
        executor.execute(this::writeRuns);
    }

    /** Adds the runs of one batch (one per index); spills them if memory is full. Blocks while the disk is behind. */
    public void add(List<SortedRun> batchRuns) throws InterruptedException {
        checkWriter();
        long size = 0;
        for (SortedRun r : batchRuns) {
            size += r.bytes();
        }
        long now = inMemory.addAndGet(size);
        synchronized (runs) {
            for (SortedRun r : batchRuns) {
                runs.get(r.perm).add(r);
            }
        }
        if (now > budget) {
            for (SortedRun r : batchRuns) {
                if (toDisk.size() > BACKLOG) {
                    r.compress();
                    compressed.incrementAndGet();
                }
                toDisk.put(r);
            }
        }
    }

    private void writeRuns() {
        try {
            while (true) {
                SortedRun r = toDisk.take();
                if (r == END) {
                    return;
                }
                int n = spilled.incrementAndGet();
                r.spill(scratch.resolve("run-" + r.perm + "-" + n + ".run"));
                spilledBytes.addAndGet(r.bytes());
                inMemory.addAndGet(-r.bytes());
            }
        } catch (Throwable t) {
            writerFailure = t;
            toDisk.clear();
        } finally {
            writerDone.countDown();
        }
    }

    private void checkWriter() {
        Throwable t = writerFailure;
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t != null) {
            throw new IllegalStateException("spill writer failed: " + t.getMessage(), t);
        }
    }

    /** Waits until every queued run is on disk; after this, {@link #runs} is final. */
    public void finishSpills() throws InterruptedException {
        toDisk.put(END);
        writerDone.await();
        checkWriter();
    }

    List<SortedRun> runs(Permutation perm) {
        synchronized (runs) {
            return List.copyOf(runs.get(perm));
        }
    }

    public int spilledRuns() {
        return spilled.get();
    }

    public int compressedRuns() {
        return compressed.get();
    }

    public long spilledBytes() {
        return spilledBytes.get();
    }

    public long inMemoryBytes() {
        return inMemory.get();
    }

    /** Stops the spill writer after the run it is writing (runs still queued are dropped). */
    @Override
    public void close() {
        toDisk.clear();
        toDisk.offer(END);
    }
}
