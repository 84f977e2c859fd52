package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RESUME mode commits feed groups one after another; NEW mode stays one commit. */
class ResumeLoadTest {
    @TempDir
    Path tmp;

    /** Two generated parts that share many terms, and a copy of the first (all duplicates when it comes). */
    private List<String> parts() throws Exception {
        List<String> files = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path f = tmp.resolve("part" + i + ".nq");
            try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
                new QuadGenerator(20 + i).write(w, 4_000);
            }
            files.add(f.toString());
        }
        Path again = tmp.resolve("again.nq");
        Files.copy(Path.of(files.get(0)), again);
        files.add(again.toString());
        return files;
    }

    private static DatasetGraph oracle(List<String> files) {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        for (String f : files) {
            RDFDataMgr.read(dsg, f);
        }
        return dsg;
    }

    private static final class Commits implements LoadListener {
        final List<List<String>> groups = new CopyOnWriteArrayList<>();

        @Override
        public void feedsCommitted(List<String> feeds) {
            groups.add(List.copyOf(feeds));
        }
    }

    @Test
    void resumeCommitsEachGroupAndEndsLikeOneLoad() throws Exception {
        List<String> files = parts();
        Commits commits = new Commits();
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadOptions resume = LoadOptions.of(files).withMode(LoadMode.RESUME).withCommitBytes(1).withThreads(2);
            LoadReport r = BulkLoader.load(store, resume, commits);
            assertEquals(3, r.commits());
            assertEquals(files.stream().map(List::of).toList(), commits.groups, "one source per group, in order");
            assertEquals(3, r.feedsLoaded());
            DatasetGraph expected = oracle(files);
            assertEquals(StoreContents.size(expected), store.stats().quads());
            assertEquals(StoreContents.size(expected), r.newQuads());
            assertEquals(r.totalRecords() - r.newQuads(), r.totalDuplicates());
            assertTrue(StoreContents.sameModuloBlankLabels(expected, StoreContents.copy(store)));
            ValidationReport v = StoreValidator.validate(store);
            assertTrue(v.ok(), v.problems().toString());
            try (QuadStore oneShot = QuadStore.open(tmp.resolve("one-shot"))) {
                BulkLoader.load(oneShot, LoadOptions.of(files));
                assertEquals(oneShot.stats().exactCounts(), store.stats().exactCounts(), "quads, terms and statistics as one NEW load");
            }

            LoadReport again = BulkLoader.load(store, resume, commits);
            assertEquals(3, again.feedsSkipped());
            assertEquals(0, again.commits(), "nothing left to commit");
            assertEquals(0, again.totalRecords());
            assertEquals(StoreContents.size(expected), store.stats().quads());
        }
    }

    @Test
    void smallSourcesShareACommitAndNewIsOneCommit() throws Exception {
        List<String> files = parts();
        try (QuadStore store = QuadStore.open(tmp.resolve("resume"))) {
            Commits commits = new Commits();
            LoadReport r = BulkLoader.load(store, LoadOptions.of(files).withMode(LoadMode.RESUME), commits);
            assertEquals(1, r.commits(), "three small files are one group");
            assertEquals(1, commits.groups.size());
            assertEquals(java.util.Set.copyOf(files), java.util.Set.copyOf(commits.groups.get(0)), "read in parallel");
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("new"))) {
            Commits commits = new Commits();
            LoadReport r = BulkLoader.load(store, LoadOptions.of(files).withCommitBytes(1), commits);
            assertEquals(1, r.commits(), "NEW ignores the group size");
            assertEquals(1, commits.groups.size());
            assertEquals(3, commits.groups.get(0).size());
        }
    }
}
