package dev.quarry.endpoint.load;

import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadMode;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.input.HttpFetch;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.jena.atlas.json.JSON;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loader API's jobs: accepts loads, runs them one at a time in the order they came (a
 * bulk load holds the store's writer lock anyway), and keeps every job's record in the
 * store. A job that was queued or running when the server stopped or crashed did not
 * commit, so on the next start it is reported {@code LOAD_FAILED}. Finished jobs beyond
 * the {@link JobRetention} are forgotten (records deleted) at startup and whenever a job ends.
 */
public final class LoadJobs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LoadJobs.class);
    /** Loads that may wait behind the running one, as Neptune allows. */
    static final int MAX_QUEUED = 64;

    private final QuadStore store;
    private final SourceResolver resolver;
    private final HttpFetch http;
    private final JobRetention retention;
    private final Map<String, LoadJob> jobs = new LinkedHashMap<>();
    private final Deque<LoadJob> queue = new ArrayDeque<>();
    private final Thread runner;
    private LoadJob running;
    private boolean closed;

    public LoadJobs(QuadStore store, SourcePolicy policy, JobRetention retention) {
        this.store = store;
        this.resolver = new SourceResolver(policy);
        this.http = HttpFetch.DEFAULT.withGuard(policy.httpGuard());
        this.retention = retention;
        List<LoadJob> known = new ArrayList<>();
        store.jobRecords().forEach((id, rec) -> known.add(LoadJob.fromRecord(JSON.parse(new String(rec, StandardCharsets.UTF_8)))));
        known.sort(Comparator.comparingLong(j -> j.submitted));
        for (LoadJob job : known) {
            jobs.put(job.id, job);
            if (!job.status().finished()) {
                job.ended(LoadStatus.LOAD_FAILED, "the server stopped before the load committed; nothing of it was loaded");
                persist(job);
            }
        }
        synchronized (this) {
            prune();
        }
        runner = new Thread(this::runQueue, "quarry-loader");
        runner.setDaemon(true);
        if (!store.options().readOnly()) {
            runner.start();
        }
    }

    /**
     * Accepts a load: checks the source and the dependencies, then queues it.
     *
     * @return the new load id
     * @throws LoaderRequestException 400 for a bad source or unknown dependency, 429 if the load would
     *                         have to wait and may not ({@code queueRequest} false), or the queue is full
     */
    String submit(LoadRequest request) {
        List<String> sources = resolver.resolve(request.source());
        synchronized (this) {
            if (closed) {
                throw LoaderRequestException.tooMany("the server is shutting down");
            }
            for (String dep : request.dependencies()) {
                if (!jobs.containsKey(dep)) {
                    throw LoaderRequestException.badRequest("unknown load id in dependencies: " + dep);
                }
            }
            // A running job that has ended (its status is final, the runner is still recording it)
            // is not busy: the client has seen it end and may start the next load.
            boolean busy = (running != null && !running.status().finished()) || !queue.isEmpty();
            if (busy && !request.queueRequest()) {
                throw LoaderRequestException.tooMany("a load is running; send queueRequest TRUE to queue behind it");
            }
            if (queue.size() >= MAX_QUEUED) {
                throw LoaderRequestException.tooMany("the load queue is full (" + MAX_QUEUED + " loads)");
            }
            LoadJob job = new LoadJob(UUID.randomUUID().toString(), request, sources, System.currentTimeMillis());
            job.status(busy ? LoadStatus.LOAD_IN_QUEUE : LoadStatus.LOAD_NOT_STARTED);
            persist(job);
            jobs.put(job.id, job);
            queue.add(job);
            notifyAll();
            return job.id;
        }
    }

    synchronized LoadJob get(String id) {
        LoadJob job = jobs.get(id);
        if (job == null) {
            throw LoaderRequestException.notFound(id);
        }
        return job;
    }

    /** Load ids, the most recent first. */
    synchronized List<String> ids(int limit) {
        List<String> all = new ArrayList<>(jobs.keySet());
        java.util.Collections.reverse(all);
        return all.subList(0, Math.min(limit, all.size()));
    }

    /** Cancels a queued or running load; a running one stops and commits nothing. */
    void cancel(String id) {
        LoadJob job;
        synchronized (this) {
            job = get(id);
            if (job.status().finished()) {
                throw LoaderRequestException.badRequest("load " + id + " has already ended: " + job.status());
            }
            job.cancel();
            if (!queue.remove(job)) {
                return; // running: the load sees the request, stops, and the runner records the outcome
            }
        }
        job.ended(LoadStatus.LOAD_CANCELLED_BY_USER, "cancelled before it started");
        persist(job);
        synchronized (this) {
            prune();
        }
    }

    /** Loads waiting for the running one to end. */
    public synchronized int queued() {
        return queue.size();
    }

    /** Loads running or waiting. */
    public synchronized int active() {
        return queue.size() + (running == null ? 0 : 1);
    }

    private void runQueue() {
        while (true) {
            LoadJob job;
            synchronized (this) {
                while (!closed && queue.isEmpty()) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                job = queue.poll();
                running = job;
            }
            try {
                run(job);
            } catch (RuntimeException e) {
                LOG.error("load {} failed unexpectedly", job.id, e);
                job.ended(LoadStatus.LOAD_FAILED, "internal error: " + LoadRequest.oneLine(String.valueOf(e.getMessage())));
            } finally {
                persist(job);
                synchronized (this) {
                    running = null;
                    prune();
                }
            }
        }
    }

    private void run(LoadJob job) {
        for (String dep : job.request.dependencies()) {
            LoadStatus s = get(dep).status();
            if (s != LoadStatus.LOAD_COMPLETED) {
                job.ended(LoadStatus.LOAD_FAILED_BECAUSE_DEPENDENCY_NOT_SATISFIED, "dependency " + dep + " is " + s);
                return;
            }
        }
        LoadRequest r = job.request;
        LoadMode mode = mode(job);
        LoadOptions options = LoadOptions.of(job.sources).withFormat(r.format()).withGraph(r.namedGraphUri())
                .withBase(r.baseUri()).withParallelism(r.parallelism()).withFailOnError(r.failOnError())
                .withMode(mode).withHttp(http);
        job.started();
        persist(job);
        try {
            LoadReport report = BulkLoader.load(store, options, job.listener());
            job.completed(report);
        } catch (LoadException e) {
            boolean stopping;
            synchronized (this) {
                stopping = closed;
            }
            LoadStatus s = stopping ? LoadStatus.LOAD_FAILED
                    : job.cancelRequested() ? LoadStatus.LOAD_CANCELLED_BY_USER
                    : r.failOnError() && job.errorCount() > 0 ? LoadStatus.LOAD_CANCELLED_DUE_TO_ERRORS
                    : LoadStatus.LOAD_FAILED;
            String stopped = "the server stopped during the load; " + (mode == LoadMode.RESUME
                    ? "feed groups committed before stay (mode RESUME or AUTO loads the rest)" : "nothing of it was loaded");
            job.ended(s, stopping ? stopped : LoadRequest.oneLine(e.getMessage()));
        }
    }

    /** AUTO resumes after an earlier load of the same source that did not complete, as Neptune's does. */
    private LoadMode mode(LoadJob job) {
        return switch (job.request.mode()) {
            case "NEW" -> LoadMode.NEW;
            case "RESUME" -> LoadMode.RESUME;
            default -> {
                synchronized (this) {
                    boolean earlierFailed = jobs.values().stream().anyMatch(j -> j != job
                            && j.request.source().equals(job.request.source()) && j.status().finished()
                            && j.status() != LoadStatus.LOAD_COMPLETED);
                    yield earlierFailed ? LoadMode.RESUME : LoadMode.NEW;
                }
            }
        };
    }

    /**
     * Forgets the finished jobs beyond the retention: the oldest past the count, and those
     * past the age limit. Never a queued or running job, nor one that such a job depends on
     * (its outcome decides whether the dependent runs). Called with the lock held.
     */
    private void prune() {
        if (store.options().readOnly()) {
            return; // nothing can be deleted; the records stay as they are
        }
        java.util.Set<String> needed = new java.util.HashSet<>();
        for (LoadJob j : jobs.values()) {
            if (!j.status().finished()) {
                needed.addAll(j.request.dependencies());
            }
        }
        List<LoadJob> finished = new ArrayList<>();
        for (LoadJob j : jobs.values()) { // in the order they were submitted
            if (j.status().finished() && !needed.contains(j.id)) {
                finished.add(j);
            }
        }
        long oldest = retention.maxAge().isZero() ? Long.MIN_VALUE
                : System.currentTimeMillis() - retention.maxAge().toMillis();
        int excess = finished.size() - retention.kept();
        List<String> drop = new ArrayList<>();
        for (int i = 0; i < finished.size(); i++) {
            LoadJob j = finished.get(i);
            if (i < excess || j.submitted < oldest) {
                drop.add(j.id);
            }
        }
        if (drop.isEmpty()) {
            return;
        }
        try {
            store.deleteJobRecords(drop);
            drop.forEach(jobs::remove);
        } catch (RuntimeException e) {
            LOG.warn("cannot delete {} old load record(s): {}", drop.size(), e.getMessage());
        }
    }

    private void persist(LoadJob job) {
        try {
            store.putJobRecord(job.id, JSON.toStringFlat(job.toRecord()).getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            LOG.warn("cannot record load {}: {}", job.id, e.getMessage());
        }
    }

    /** Stops: a running load is cancelled (nothing of it is committed); queued ones stay unrun. */
    @Override
    public void close() {
        LoadJob current;
        synchronized (this) {
            closed = true;
            current = running;
            notifyAll();
        }
        if (current != null) {
            current.cancel();
        }
        try {
            runner.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
