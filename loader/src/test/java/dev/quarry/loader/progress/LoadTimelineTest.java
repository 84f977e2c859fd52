package dev.quarry.loader.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.store.QuadStore;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A load's timeline: samples in time order, counts that only grow, and an end that agrees with the report. */
class LoadTimelineTest {
    @TempDir
    Path tmp;

    @Test
    void aLoadGivesMonotoneSamplesEndingAtTheReportedCounts() throws Exception {
        Path data = tmp.resolve("data.nq");
        try (Writer w = Files.newBufferedWriter(data, StandardCharsets.UTF_8)) {
            new QuadGenerator(7).write(w, 50_000);
        }
        LoadTimeline timeline = new LoadTimeline();
        LoadReport report;
        try (QuadStore store = QuadStore.open(tmp.resolve("store"))) {
            report = BulkLoader.load(store, LoadOptions.of(data.toString()).withThreads(2), new LoadListener() {
                @Override
                public void progress(LoadProgress p) {
                    timeline.add(p);
                }
            });
        }
        List<LoadTimeline.Sample> samples = timeline.samples();
        assertTrue(samples.size() >= 3, "a sample at the start, at each phase change and at the end: " + samples);
        for (int i = 1; i < samples.size(); i++) {
            LoadTimeline.Sample a = samples.get(i - 1);
            LoadTimeline.Sample b = samples.get(i);
            assertTrue(b.elapsedMillis() >= a.elapsedMillis(), "time goes back at " + i + ": " + samples);
            assertTrue(b.quads() >= a.quads(), "quads go back at " + i + ": " + samples);
            assertTrue(b.inputBytes() >= a.inputBytes(), "input bytes go back at " + i + ": " + samples);
            assertTrue(b.cpuMillis() >= a.cpuMillis(), "CPU time goes back at " + i + ": " + samples);
        }
        LoadTimeline.Sample last = samples.get(samples.size() - 1);
        assertEquals("reading", samples.get(0).phase());
        assertEquals("done", last.phase());
        long lines;
        try (var all = Files.lines(data)) {
            lines = all.filter(l -> !l.isBlank()).count();
        }
        assertEquals(lines, report.totalRecords());
        assertEquals(report.totalRecords(), last.quads());
        assertEquals(Files.size(data), last.inputBytes());
        assertTrue(last.elapsedMillis() >= (long) (report.totalTimeSpent() * 1000) - 1, last + " vs " + report);
        assertTrue(samples.stream().anyMatch(s -> s.phase().equals("merging")), samples.toString());
    }

    @Test
    void tsvHasTheHeaderAndOneLinePerSample() {
        LoadTimeline timeline = new LoadTimeline();
        timeline.add(new LoadProgress("reading", 1_000, 4_000, 10, 0, 1_500_000_000L));
        timeline.add(new LoadProgress("merging", 4_000, 4_000, 40, 2, 3_000_000_000L));
        List<String> lines = timeline.toTsv().lines().toList();
        assertEquals(3, lines.size(), lines.toString());
        assertEquals(LoadTimeline.HEADER, lines.get(0));
        String[] row = lines.get(2).split("\t");
        assertEquals(LoadTimeline.HEADER.split("\t").length, row.length);
        assertEquals(List.of("3000", "merging", "4000", "40", "2"), List.of(row).subList(0, 5));
        assertTrue(Long.parseLong(row[5]) > 0, "heap in use: " + lines.get(2));
    }
}
