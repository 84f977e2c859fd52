package dev.quarry.loader.stage;

import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadMode;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.input.Source;
import dev.quarry.store.QuadStore;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import org.apache.jena.sys.JenaSystem;

/**
 * One bulk load from start to commit, as stages named for what they emit: read (work items) ->
 * parse, encode, sort (sorted runs) -> merge (SST files) -> ingest (the commit). Once for a NEW
 * load, once per {@link FeedGroups} group (each a {@link CommitGroup}: its own session,
 * dictionary and spool) for a RESUME load. Every thread runs on one {@link RunControl}; the
 * calling thread starts the stages in order, finishes them in order, reports progress and
 * polls cancellation. The first failure of any stage stops and joins every thread, closes the
 * session without commit (nothing of the group visible) and removes the scratch files.
 */
public final class LoadPipeline {
    private final LoadRun run;

    public LoadPipeline(QuadStore store, LoadOptions options, LoadListener listener) {
        this(store, options, listener, StageFaults.NONE);
    }

    LoadPipeline(QuadStore store, LoadOptions options, LoadListener listener, StageFaults faults) {
        JenaSystem.init(); // before worker threads touch Jena: its lazy initialisation is not thread-safe
        this.run = LoadRun.of(store, options, listener, faults);
    }

    /**
     * Runs the load; returns the report after the last commit, or throws {@link LoadException}
     * (nothing committed in NEW mode; in RESUME mode the feed groups committed before stay).
     */
    public LoadReport run() {
        LoadTally tally = new LoadTally(run);
        long total = run.rawTotal();
        tally.counters.rawTotal(total);
        try (RunControl control = new RunControl(run.listener(), tally.counters)) {
            if (run.options().mode() == LoadMode.RESUME) {
                for (List<Source> group : FeedGroups.split(run.sources(), FeedGroups.groupBytes(run.options().commitBytes(), total))) {
                    loadAndCommit(group, tally, control);
                }
            } else {
                loadAndCommit(run.sources(), tally, control);
            }
            return tally.report(run.store().diskBytes());
        } catch (LoadException e) {
            throw e;
        } catch (CancellationException e) {
            throw new LoadException("load cancelled: " + tally.committedSoFar(), e);
        } catch (UncheckedIOException e) {
            throw new LoadException(e.getCause().getMessage() == null ? e.getMessage() : e.getCause().getMessage(), e);
        } catch (RuntimeException e) {
            throw new LoadException("load failed: " + e.getMessage(), e);
        }
    }

    /** One commit: reads {@code sources}, merges and ingests them; on failure nothing of them is visible. */
    private void loadAndCommit(List<Source> sources, LoadTally tally, RunControl control) {
        CommitGroup group = new CommitGroup(run, sources, task -> control.start("spill", task));
        try {
            tally.counters.phase("reading");
            BlockingQueue<WorkItem> work = new ArrayBlockingQueue<>(run.budget().workers() * 2);
            StageContext context = new StageContext(run, group, tally, control);
            ReadStage read = new ReadStage(context, work);
            ParseStage parse = new ParseStage(context, work);
            parse.start();
            read.start();
            read.finish(run.budget().workers());
            parse.finish();
            if (run.options().mode() == LoadMode.RESUME && group.feeds().isEmpty()) {
                return; // every feed of the group was recorded before: nothing to commit
            }
            MergeStage merge = new MergeStage(context);
            merge.start();
            new IngestStage(context).commit(merge.finish());
        } catch (RuntimeException | Error e) {
            control.fail(e); // a no-op when a stage failed first
            control.close(); // every thread stopped and joined before the group's resources close
            throw e;
        } finally {
            group.close();
        }
    }
}
