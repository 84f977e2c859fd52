package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load whose indexes are merged in several key ranges (more than one worker, indexes large
 * enough to split) makes the same store as a load merging each index whole (one worker):
 * the same quads, statistics and report, into an empty store and then into the non-empty one.
 */
class RangeMergeLoadTest {
    @TempDir
    Path tmp;

    @Test
    void rangeMergedLoadsAnswerAsWholeMergedLoads() throws Exception {
        Path first = write("first.nq", 0, 560_000);
        Path second = write("second.nq", 420_000, 280_000); // half of it already loaded
        Loaded whole = load("whole", 1, first, second);
        Loaded ranged = load("ranged", 4, first, second);
        assertTrue(ranged.files > whole.files, "range merges wrote more files: " + ranged.files + " vs " + whole.files);
        assertEquals(700_000, whole.quads);
        assertEquals(whole.quads, ranged.quads);
        assertEquals(whole.contentHash, ranged.contentHash);
        assertEquals(whole.stats, ranged.stats);
        assertEquals(whole.secondNew, ranged.secondNew);
        assertEquals(140_000, ranged.secondNew);
    }

    private record Loaded(long quads, long contentHash, Object stats, long secondNew, long files) {}

    private Loaded load(String name, int threads, Path first, Path second) throws Exception {
        try (QuadStore store = QuadStore.open(tmp.resolve(name))) {
            BulkLoader.load(store, LoadOptions.of(first.toString()).withThreads(threads));
            long files; // after the first load, before any compaction
            try (Stream<Path> s = Files.walk(store.directory())) {
                files = s.filter(p -> p.toString().endsWith(".sst")).count();
            }
            LoadReport r = BulkLoader.load(store, LoadOptions.of(second.toString()).withThreads(threads));
            ValidationReport v = StoreValidator.validate(store);
            assertTrue(v.ok(), v.problems().toString());
            long quads = 0, hash = 0;
            try (ReadView view = store.newReadView();
                 QuadCursor c = view.find(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE)) {
                while (c.next()) {
                    String q = view.decode(c.s()) + " " + view.decode(c.p()) + " " + view.decode(c.o()) + " "
                            + (c.g() == TermId.DEFAULT_GRAPH ? "default" : view.decode(c.g()));
                    hash += mix(q.hashCode() * 0x9E3779B97F4A7C15L + q.length());
                    quads++;
                }
            }
            return new Loaded(quads, hash, store.stats(), r.newQuads(), files);
        }
    }

    /** Quads {@code from .. from + n - 1}: named graphs and the default graph, IRIs and literals, shared subjects. */
    private Path write(String name, int from, int n) throws Exception {
        Path f = tmp.resolve(name);
        try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            for (int i = from; i < from + n; i++) {
                String o = i % 3 == 0 ? "\"v" + (i % 50_000) + "\"" : "<http://x/o" + (i % 90_000) + ">";
                String g = i % 4 == 0 ? "" : " <http://x/g" + (i % 5) + ">";
                w.write("<http://x/s" + (i / 7) + "> <http://x/p" + (i % 7) + "> " + o + g + " .\n");
            }
        }
        return f;
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        return x ^ (x >>> 33);
    }
}
