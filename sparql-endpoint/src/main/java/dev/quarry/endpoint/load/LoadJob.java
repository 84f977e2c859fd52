package dev.quarry.endpoint.load;

import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.progress.LoadProgress;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.atlas.json.JsonValue;

/**
 * One load of the loader API: its request, its status and its counts, live while it runs
 * (the job is the load's {@link LoadListener}) and final once it ends. Stored in the store
 * as a JSON record so that it outlives a restart.
 */
final class LoadJob {
    final String id;
    final LoadRequest request;
    /** The files or URL the load reads, resolved when it was accepted (not kept in the record). */
    final List<String> sources;
    /** When the request was accepted, epoch milliseconds: orders the job list. */
    final long submitted;
    private LoadStatus status = LoadStatus.LOAD_NOT_STARTED;
    private long startTime;
    private long startNanos;
    private long totalTimeSpent;
    private long totalRecords;
    private long totalDuplicates;
    private long parsingErrors;
    private long datatypeMismatchErrors;
    private long insertErrors;
    private int feeds;
    private String message;
    private final List<LoadError> errors = new ArrayList<>();
    private volatile boolean cancelRequested;

    LoadJob(String id, LoadRequest request, List<String> sources, long submitted) {
        this.id = id;
        this.request = request;
        this.sources = List.copyOf(sources);
        this.submitted = submitted;
    }

    synchronized LoadStatus status() {
        return status;
    }

    synchronized void status(LoadStatus s) {
        status = s;
    }

    synchronized void started() {
        status = LoadStatus.LOAD_IN_PROGRESS;
        startTime = System.currentTimeMillis() / 1000;
        startNanos = System.nanoTime();
    }

    /** The load committed: the report's counts replace the live ones. */
    synchronized void completed(LoadReport r) {
        status = LoadStatus.LOAD_COMPLETED;
        totalTimeSpent = Math.round(r.totalTimeSpent());
        totalRecords = r.totalRecords();
        totalDuplicates = r.totalDuplicates();
        parsingErrors = r.parsingErrors();
        datatypeMismatchErrors = r.datatypeMismatchErrors();
        insertErrors = r.insertErrors();
        feeds = r.feedsLoaded();
        errors.clear();
        errors.addAll(r.errors());
    }

    /** The load ended without its last commit (or never ran): nothing of it is stored (RESUME: whole feed groups). */
    synchronized void ended(LoadStatus s, String why) {
        status = s;
        message = why;
        if (startNanos != 0) {
            totalTimeSpent = Math.round((System.nanoTime() - startNanos) / 1e9);
        }
    }

    void cancel() {
        cancelRequested = true;
    }

    boolean cancelRequested() {
        return cancelRequested;
    }

    synchronized String message() {
        return message;
    }

    synchronized int feeds() {
        return feeds;
    }

    synchronized List<LoadError> errors(int from, int to) {
        return List.copyOf(errors.subList(Math.min(from, errors.size()), Math.min(to, errors.size())));
    }

    synchronized int errorCount() {
        return errors.size();
    }

    /** Neptune's {@code overallStatus} object. */
    synchronized JsonObject overallStatus() {
        JsonObject o = new JsonObject();
        o.put("fullUri", request.source());
        o.put("runNumber", 1);
        o.put("retryNumber", 0);
        o.put("status", status.name());
        o.put("totalTimeSpent", status == LoadStatus.LOAD_IN_PROGRESS
                ? Math.round((System.nanoTime() - startNanos) / 1e9) : totalTimeSpent);
        o.put("startTime", startTime);
        o.put("totalRecords", totalRecords);
        o.put("totalDuplicates", totalDuplicates);
        o.put("parsingErrors", parsingErrors);
        o.put("datatypeMismatchErrors", datatypeMismatchErrors);
        o.put("insertErrors", insertErrors);
        if (message != null) {
            o.put("message", message);
        }
        return o;
    }

    /** Follows the running load: counts and errors as they come, cancellation on request. */
    LoadListener listener() {
        return new LoadListener() {
            @Override
            public void progress(LoadProgress p) {
                synchronized (LoadJob.this) {
                    totalRecords = p.quads();
                }
            }

            @Override
            public void error(LoadError e) {
                synchronized (LoadJob.this) {
                    switch (e.kind()) {
                        case PARSING -> parsingErrors++;
                        case DATATYPE_MISMATCH -> datatypeMismatchErrors++;
                        case INSERT -> insertErrors++;
                    }
                    if (errors.size() < LoadReport.MAX_ERRORS) {
                        errors.add(e);
                    }
                }
            }

            @Override
            public boolean cancelled() {
                return cancelRequested;
            }
        };
    }

    // ------------------------------------------------------------------ record

    synchronized JsonObject toRecord() {
        JsonObject o = overallStatus();
        o.put("id", id);
        o.put("submitted", submitted);
        o.put("request", request.toJson());
        o.put("feeds", feeds);
        o.put("errors", LoadReport.errorsJson(errors));
        return o;
    }

    static LoadJob fromRecord(JsonObject o) {
        LoadJob job = new LoadJob(o.getString("id"), LoadRequest.fromRecord(o.getObj("request")), List.of(),
                num(o, "submitted"));
        job.status = LoadStatus.valueOf(o.getString("status"));
        job.startTime = num(o, "startTime");
        job.totalTimeSpent = num(o, "totalTimeSpent");
        job.totalRecords = num(o, "totalRecords");
        job.totalDuplicates = num(o, "totalDuplicates");
        job.parsingErrors = num(o, "parsingErrors");
        job.datatypeMismatchErrors = num(o, "datatypeMismatchErrors");
        job.insertErrors = num(o, "insertErrors");
        job.feeds = (int) num(o, "feeds");
        job.message = o.hasKey("message") ? o.getString("message") : null;
        for (JsonValue v : o.get("errors").getAsArray()) {
            JsonObject e = v.getAsObject();
            job.errors.add(new LoadError(LoadError.Kind.valueOf(e.getString("kind")), e.getString("file"),
                    num(e, "line"), num(e, "column"), e.getString("message")));
        }
        return job;
    }

    private static long num(JsonObject o, String name) {
        return o.getNumber(name).longValue();
    }
}
