package dev.quarry.loader.stage;

import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.progress.LoadCounters;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one executor every thread of a load runs on, and its one cancellation token: the first
 * failure (or a cancel) is kept, every task is interrupted, and {@link #close} joins them all.
 * Stage threads ask {@link #checkRunning()} and stop; the calling thread waits in
 * {@link #await} (reporting progress and polling the listener's cancel) and gets the failure.
 */
final class RunControl implements AutoCloseable {
    private static final long PROGRESS_NANOS = 1_000_000_000L;

    private final LoadListener listener;
    private final LoadCounters counters;
    /** Every thread the executor made: {@link #close} joins them (a terminated executor's last threads may still be exiting). */
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "quarry-load");
        t.setDaemon(true); // a JVM exiting mid-load need not wait for it
        threads.add(t);
        return t;
    });
    private final List<Future<?>> tasks = new CopyOnWriteArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private long nextProgress = System.nanoTime();

    RunControl(LoadListener listener, LoadCounters counters) {
        this.listener = listener;
        this.counters = counters;
    }

    /** Runs {@code body} on the executor (the thread named for the stage, for thread dumps); its failure stops the load. */
    Future<?> start(String stage, Runnable body) {
        Future<?> f = executor.submit(() -> {
            Thread.currentThread().setName("quarry-load-" + stage);
            try {
                body.run();
            } catch (Throwable t) {
                fail(t);
            } finally {
                Thread.currentThread().setName("quarry-load");
            }
        });
        tasks.add(f);
        if (failure.get() != null) {
            f.cancel(true); // started after the failure: stops at once
        }
        return f;
    }

    /** Records the first failure and interrupts every task. */
    void fail(Throwable t) {
        if (failure.compareAndSet(null, t)) {
            for (Future<?> f : tasks) {
                f.cancel(true);
            }
        }
    }

    boolean stopped() {
        return failure.get() != null;
    }

    /** For stage threads: throws once the load has failed or been cancelled, so the stage stops. */
    void checkRunning() {
        if (failure.get() != null) {
            throw new CancellationException("stopping: another stage failed");
        }
    }

    /**
     * For the calling thread: waits until every task of {@code group} is done; rethrows the
     * load's failure. Progress is reported at the first tick of every wait (then once a
     * second), so a listener hears of each group's work even when the group is short.
     */
    void await(List<Future<?>> group) {
        nextProgress = System.nanoTime();
        for (Future<?> f : group) {
            while (!f.isDone()) {
                try {
                    f.get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException | ExecutionException | CancellationException e) {
                    // a task's failure is already recorded by start(); timeouts just tick the loop
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    fail(new CancellationException("interrupted"));
                }
                tick();
            }
        }
        rethrowFailure();
    }

    /** Reports progress, samples the heap and polls the listener's cancel; rethrows the load's failure. */
    void tick() {
        counters.sampleHeap();
        if (listener.cancelled()) {
            fail(new CancellationException("load cancelled"));
        }
        if (System.nanoTime() >= nextProgress) {
            listener.progress(counters.snapshot());
            nextProgress = System.nanoTime() + PROGRESS_NANOS;
        }
        rethrowFailure();
    }

    /** For the calling thread: throws the first failure as the load's exception, if there is one. */
    void rethrowFailure() {
        Throwable t = failure.get();
        if (t == null) {
            return;
        }
        if (t instanceof LoadException le) {
            throw new LoadException(le.getMessage(), le);
        }
        if (t instanceof CancellationException ce) {
            throw ce;
        }
        if (t instanceof UncheckedIOException io) {
            throw io;
        }
        throw new LoadException("load failed: " + t, t);
    }

    /** Stops (interrupts) every task still running and joins every thread of the load. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(1, TimeUnit.MINUTES)) {
                listener.warning("load threads still running one minute after the load stopped");
                return;
            }
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
