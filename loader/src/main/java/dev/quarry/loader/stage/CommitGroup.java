package dev.quarry.loader.stage;

import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.input.Source;
import dev.quarry.loader.prefix.SharedPrefixes;
import dev.quarry.loader.sort.SortedRunSpool;
import dev.quarry.store.BulkSession;
import dev.quarry.store.encoding.TermId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.jena.graph.NodeFactory;

/**
 * What one commit loads and the resources it holds: the sources, the bulk session, the scratch
 * directory, the load dictionary, the sorted-run spool and the shared prefixes, and the feeds
 * read so far. Closing it closes them in reverse order; without a commit nothing of it is visible.
 */
final class CommitGroup implements AutoCloseable {
    final List<Source> sources;
    final BulkSession session;
    final Path scratch;
    private final boolean ownScratch;
    final LoadDictionary dictionary;
    final SortedRunSpool runs;
    final SharedPrefixes prefixes;
    final long tripleGraph;
    private final List<FeedState> feeds = new ArrayList<>();
    private final LoadRun run;

    CommitGroup(LoadRun run, List<Source> sources, Executor spillExecutor) {
        this.run = run;
        this.sources = sources;
        this.session = run.store().beginBulk();
        Path dir = null;
        LoadDictionary dict = null;
        SortedRunSpool spool = null;
        SharedPrefixes shared = null;
        boolean own = run.options().tmpDir() != null;
        long graph;
        try {
            dir = scratchDirectory(run, session);
            dict = new LoadDictionary(session, dir, session.isEmpty(), run.budget().dictionaryBytes(), 64);
            spool = new SortedRunSpool(dir, run.budget().runBytes(), spillExecutor);
            shared = new SharedPrefixes(dir);
            graph = run.options().graph() == null ? TermId.DEFAULT_GRAPH
                    : new TermEncoder(dict, run.store().prefixes(), run.blankScope()).node(NodeFactory.createURI(run.options().graph()), -1);
        } catch (RuntimeException e) {
            closeAll(shared, spool, dict, session, own ? dir : null);
            throw e;
        }
        this.scratch = dir;
        this.ownScratch = own;
        this.dictionary = dict;
        this.runs = spool;
        this.prefixes = shared;
        this.tripleGraph = graph;
    }

    /** A worker's own encoder into this group's dictionary. */
    TermEncoder newEncoder() {
        return new TermEncoder(dictionary, run.store().prefixes(), run.blankScope());
    }

    void feedRead(FeedState feed) {
        synchronized (feeds) {
            feeds.add(feed);
        }
    }

    /** The feeds read, once reading is over. */
    List<FeedState> feeds() {
        synchronized (feeds) {
            return List.copyOf(feeds);
        }
    }

    private static Path scratchDirectory(LoadRun run, BulkSession session) {
        Path tmp = run.options().tmpDir();
        if (tmp == null) {
            return session.scratchDirectory();
        }
        try {
            Files.createDirectories(tmp);
            return Files.createTempDirectory(tmp, "quarry-load-");
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException("cannot use --tmp " + tmp + ": " + e.getMessage(), e));
        }
    }

    @Override
    public void close() {
        closeAll(prefixes, runs, dictionary, session, ownScratch ? scratch : null);
    }

    private static void closeAll(SharedPrefixes prefixes, SortedRunSpool runs, LoadDictionary dictionary, BulkSession session,
                                 Path ownScratch) {
        if (prefixes != null) {
            prefixes.close();
        }
        if (runs != null) {
            runs.close();
        }
        if (dictionary != null) {
            dictionary.close();
        }
        session.close(); // no-op after a commit; otherwise nothing of this group is visible
        deleteQuietly(ownScratch);
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
