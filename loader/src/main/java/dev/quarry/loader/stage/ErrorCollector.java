package dev.quarry.loader.stage;

import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.parse.ParseErrors;
import dev.quarry.loader.progress.LoadCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts bad statements by Neptune's classes, keeps the first {@link LoadReport#MAX_ERRORS},
 * tells the listener, and with failOnError turns the first one into a {@link LoadException}.
 */
final class ErrorCollector {
    private final boolean failOnError;
    private final LoadListener listener;
    private final LoadCounters counters;
    final LongAdder parsing = new LongAdder();
    final LongAdder datatype = new LongAdder();
    final LongAdder insert = new LongAdder();
    private final List<LoadError> kept = new ArrayList<>();

    ErrorCollector(boolean failOnError, LoadListener listener, LoadCounters counters) {
        this.failOnError = failOnError;
        this.listener = listener;
        this.counters = counters;
    }

    ParseErrors forFeed(FeedState feed) {
        return new ParseErrors() {
            @Override
            public void parsingError(long line, long column, String message) {
                parsing.increment();
                report(feed, new LoadError(LoadError.Kind.PARSING, feed.name, line, column, message));
            }

            @Override
            public void datatypeMismatch(long line, long column, String message) {
                datatype.increment();
                report(feed, new LoadError(LoadError.Kind.DATATYPE_MISMATCH, feed.name, line, column, message));
            }
        };
    }

    private void report(FeedState feed, LoadError e) {
        feed.errors.increment();
        counters.errors.increment();
        synchronized (kept) {
            if (kept.size() < LoadReport.MAX_ERRORS) {
                kept.add(e);
            }
        }
        listener.error(e);
        if (failOnError) {
            throw new LoadException(e.toString());
        }
    }

    List<LoadError> kept() {
        synchronized (kept) {
            return List.copyOf(kept);
        }
    }
}
