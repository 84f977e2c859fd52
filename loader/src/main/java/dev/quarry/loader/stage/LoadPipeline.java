package dev.quarry.loader.stage;

import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadMode;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.input.Chunk;
import dev.quarry.loader.input.Feed;
import dev.quarry.loader.input.FeedReader;
import dev.quarry.loader.input.LineChunker;
import dev.quarry.loader.input.Source;
import dev.quarry.loader.input.Sources;
import dev.quarry.loader.prefix.SharedPrefixes;
import dev.quarry.loader.progress.LoadCounters;
import dev.quarry.loader.sort.BatchSorter;
import dev.quarry.loader.sort.SortedRunSpool;
import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.encoding.TermId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sys.JenaSystem;

/**
 * One bulk load from start to commit: feed readers -> parse workers -> sorted-run spool, then
 * the {@link Finisher} merges and commits; once for a NEW load, once per {@link FeedGroups}
 * group (each with its own session, dictionary and sorted-run spool) for a RESUME load. The calling thread supervises: it reports
 * progress, polls cancellation, and on the first failure of any thread stops the others,
 * closes the session without commit (nothing visible) and removes the scratch files.
 *
 * <p>Memory budget split: 35% dictionary shards, 40% sorted runs kept in heap, 25% the
 * workers' batches (32 bytes a quad plus the sorter's scratch); chunk buffers are small.
 */
public final class LoadPipeline {
    private final QuadStore store;
    private final LoadOptions options;
    private final LoadListener listener;
    final LoadCounters counters = new LoadCounters();
    final ErrorCollector errors;
    final UUID loadId = UUID.randomUUID();
    final String base;
    final BlockingQueue<WorkItem> work;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<FeedState> feeds = new ArrayList<>();
    private final AtomicInteger feedNumbers = new AtomicInteger();
    private final AtomicInteger feedsSkipped = new AtomicInteger();
    private final AtomicInteger entriesSkipped = new AtomicInteger();
    private final Finisher.Totals totals = new Finisher.Totals();
    private final int workers;
    private final int batchQuads;
    private final int chunkBytes;
    private BulkSession session;
    private Path scratch;
    private boolean ownScratch;
    LoadDictionary dictionary;
    SortedRunSpool runs;
    SharedPrefixes prefixes;
    long tripleGraph = TermId.DEFAULT_GRAPH;

    public LoadPipeline(QuadStore store, LoadOptions options, LoadListener listener) {
        this.store = store;
        this.options = options;
        this.listener = listener == null ? LoadListener.NONE : listener;
        this.errors = new ErrorCollector(options.failOnError(), this.listener, counters);
        this.base = options.base();
        this.workers = options.workerThreads();
        long budget = options.memoryBudget();
        long perQuad = 32 + BatchSorter.SCRATCH_BYTES_PER_QUAD;
        this.batchQuads = (int) Math.max(1 << 14, Math.min(1 << 20, budget / 4 / (workers * perQuad)));
        this.chunkBytes = (int) Math.max(64 << 10, Math.min(1 << 20, budget / 64));
        this.work = new ArrayBlockingQueue<>(workers * 2);
    }

    /**
     * Runs the load; returns the report after the last commit, or throws {@link LoadException}
     * (nothing committed in NEW mode; in RESUME mode the feed groups committed before stay).
     */
    public LoadReport run() {
        JenaSystem.init(); // before worker threads touch Jena: its lazy initialisation is not thread-safe
        List<Source> sources = Sources.expand(options.sources(), System.in, options.http());
        long total = 0;
        for (Source s : sources) {
            total = s.size() < 0 || total < 0 ? -1 : total + s.size();
        }
        counters.rawTotal(total);
        try {
            if (options.mode() == LoadMode.RESUME) {
                for (List<Source> group : FeedGroups.split(sources, FeedGroups.groupBytes(options.commitBytes(), total))) {
                    loadAndCommit(group);
                }
            } else {
                loadAndCommit(sources);
            }
            return report();
        } catch (LoadException e) {
            throw e;
        } catch (CancellationException e) {
            throw new LoadException("load cancelled: " + committedSoFar(), e);
        } catch (UncheckedIOException e) {
            throw new LoadException(e.getCause().getMessage() == null ? e.getMessage() : e.getCause().getMessage(), e);
        } catch (RuntimeException e) {
            throw new LoadException("load failed: " + e.getMessage(), e);
        }
    }

    /** One commit: reads {@code group}, merges and ingests it; on failure nothing of the group is visible. */
    private void loadAndCommit(List<Source> group) {
        session = store.beginBulk();
        feeds.clear();
        try {
            scratch = scratchDirectory();
            counters.phase("reading");
            long budget = options.memoryBudget();
            dictionary = new LoadDictionary(session, scratch, session.isEmpty(), budget * 35 / 100, 64);
            runs = new SortedRunSpool(scratch, budget * 40 / 100);
            prefixes = new SharedPrefixes(scratch);
            tripleGraph = options.graph() == null ? TermId.DEFAULT_GRAPH
                    : newEncoder().node(NodeFactory.createURI(options.graph()), -1);
            readAndParse(group);
            if (options.mode() == LoadMode.RESUME && feeds.isEmpty()) {
                return; // every feed of the group was recorded before: nothing to commit
            }
            totals.add(new Finisher(this, session, workers).finish(feeds));
            listener.feedsCommitted(feeds.stream().map(f -> f.name).toList());
        } finally {
            stopThreads();
            if (dictionary != null) {
                dictionary.close();
            }
            if (runs != null) {
                runs.close();
            }
            if (prefixes != null) {
                prefixes.close();
            }
            dictionary = null;
            runs = null;
            prefixes = null;
            session.close(); // no-op after a commit; otherwise nothing of this group is visible
            if (ownScratch) {
                deleteQuietly(scratch);
                ownScratch = false;
            }
        }
    }

    private String committedSoFar() {
        return totals.commits == 0 ? "nothing was committed"
                : totals.feeds + " feeds were committed before (run it again in RESUME mode to load the rest)";
    }

    private LoadReport report() {
        long records = counters.quads.sum();
        double seconds = counters.elapsedNanos() / 1e9;
        return new LoadReport(records, records - totals.newQuads, errors.parsing.sum(), errors.datatype.sum(),
                errors.insert.sum(), seconds, totals.newQuads, totals.newTerms, totals.feeds, feedsSkipped.get(),
                entriesSkipped.get(), totals.commits, totals.spilledRuns, counters.peakHeap(), storeSize(), errors.kept());
    }

    private Path scratchDirectory() {
        if (options.tmpDir() == null) {
            return session.scratchDirectory();
        }
        try {
            Files.createDirectories(options.tmpDir());
            ownScratch = true;
            return Files.createTempDirectory(options.tmpDir(), "quarry-load-");
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException("cannot use --tmp " + options.tmpDir() + ": " + e.getMessage(), e));
        }
    }

    private void readAndParse(List<Source> sources) {
        ConcurrentLinkedQueue<Source> todo = new ConcurrentLinkedQueue<>(sources);
        int readers = Math.max(1, Math.min(sources.size(), workers));
        List<Thread> workerThreads = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            workerThreads.add(start("quarry-load-worker-" + i, new ParseWorker(this, batchQuads)));
        }
        List<Thread> readerThreads = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            readerThreads.add(start("quarry-load-reader-" + i, () -> readSources(todo)));
        }
        supervise(readerThreads);
        for (int i = 0; i < workers && failure.get() == null; i++) {
            try {
                while (!work.offer(new WorkItem.End(), 100, TimeUnit.MILLISECONDS)) {
                    checkRunning();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            }
        }
        supervise(workerThreads);
        counters.sampleHeap();
    }

    /** Waits for {@code group} while reporting progress and watching for failure and cancellation. */
    void supervise(List<Thread> group) {
        long nextProgress = System.nanoTime();
        for (Thread t : group) {
            while (t.isAlive()) {
                try {
                    t.join(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    fail(new CancellationException("interrupted"));
                }
                counters.sampleHeap();
                if (listener.cancelled()) {
                    fail(new CancellationException("load cancelled"));
                }
                checkRunning();
                if (System.nanoTime() >= nextProgress) {
                    listener.progress(counters.snapshot());
                    nextProgress = System.nanoTime() + 1_000_000_000L;
                }
            }
        }
        checkRunning();
    }

    private void readSources(ConcurrentLinkedQueue<Source> todo) {
        try {
            Source src;
            while ((src = todo.poll()) != null) {
                checkRunning();
                try (FeedReader reader = src.open(counters.rawBytes, options.format())) {
                    Feed feed;
                    while ((feed = reader.next()) != null) {
                        readFeed(feed);
                    }
                }
            }
        } catch (IOException e) {
            fail(new UncheckedIOException(e));
        } catch (Throwable t) {
            fail(t);
        }
    }

    private void readFeed(Feed feed) throws IOException, InterruptedException {
        if (feed.format() == null) {
            entriesSkipped.incrementAndGet();
            listener.warning("skipped " + feed.name() + ": its name tells no RDF format");
            return;
        }
        if (options.mode() == LoadMode.RESUME && session.feedCommitted(feed.name())) {
            feedsSkipped.incrementAndGet();
            return;
        }
        FeedState state = new FeedState(feedNumbers.incrementAndGet(), feed.name(), feed.format());
        if (feed.format().lineBased()) {
            LineChunker chunker = new LineChunker(feed, chunkBytes);
            Chunk c;
            while ((c = chunker.next()) != null) {
                put(new WorkItem.Lines(state, c, chunker));
            }
        } else {
            CountDownLatch done = new CountDownLatch(1);
            put(new WorkItem.WholeFeed(state, feed.stream(), done));
            while (!done.await(100, TimeUnit.MILLISECONDS)) {
                checkRunning();
            }
        }
        synchronized (feeds) {
            feeds.add(state);
        }
    }

    private void put(WorkItem item) throws InterruptedException {
        while (!work.offer(item, 100, TimeUnit.MILLISECONDS)) {
            checkRunning();
        }
    }

    TermEncoder newEncoder() {
        String scope = Long.toHexString(loadId.getMostSignificantBits() ^ loadId.getLeastSignificantBits());
        return new TermEncoder(dictionary, store.prefixes(), scope);
    }

    long storeSize() {
        return store.diskBytes();
    }

    LoadListener listener() {
        return listener;
    }

    ErrorCollector errors() {
        return errors;
    }

    /** Records the first failure; every stage checks it and stops. */
    void fail(Throwable t) {
        if (failure.compareAndSet(null, t)) {
            List<Thread> all;
            synchronized (threads) { // stages start and the supervisor clears the list meanwhile
                all = List.copyOf(threads);
            }
            for (Thread th : all) {
                if (th != Thread.currentThread()) {
                    th.interrupt();
                }
            }
        }
    }

    /** Throws if the load has failed or been cancelled (called often by every stage). */
    void checkRunning() {
        Throwable t = failure.get();
        if (t == null) {
            return;
        }
        if (Thread.currentThread().getName().startsWith("quarry-load-")) {
            throw new CancellationException("stopping: another stage failed");
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

    private Thread start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        synchronized (threads) {
            threads.add(t);
        }
        t.start();
        return t;
    }

    private void stopThreads() {
        List<Thread> all;
        synchronized (threads) {
            all = List.copyOf(threads);
            threads.clear();
        }
        for (Thread t : all) {
            if (t.isAlive()) {
                t.interrupt();
            }
        }
        for (Thread t : all) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a leftover scratch directory outside the store; nothing refers to it
        }
    }
}
