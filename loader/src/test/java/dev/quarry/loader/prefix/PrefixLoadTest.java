package dev.quarry.loader.prefix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.testing.PrefixTurtle;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Turtle and TriG through the shared prefix dictionary load exactly what RIOT reads, file by file. */
class PrefixLoadTest {
    @TempDir
    Path tmp;

    @Test
    void manyPrefixFilesInOneLoadMatchRiot() throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Path f = tmp.resolve("doc" + i + ".ttl");
            PrefixTurtle.write(f, 5_000 + i, "d" + i);
            files.add(f);
        }
        Path trig = tmp.resolve("g.trig");
        Files.writeString(trig, """
                @prefix ex: <http://example.org/trig/> .
                ex:g { ex:s ex:p ex:o . }
                @prefix ex: <http://example.org/trig2/> .
                ex:g { ex:s ex:p ex:o . }
                PREFIX : <http://example.org/default/>
                :a :b [ :c "v"@en ] .
                """);
        files.add(trig);
        DatasetGraph expected = DatasetGraphFactory.createGeneral();
        for (Path f : files) {
            StoreContents.oracle(f).find().forEachRemaining(expected::add);
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("store"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(files.stream().map(Path::toString).toList())
                    .withThreads(3).withFailOnError(true));
            assertEquals(StoreContents.size(expected), r.totalRecords());
            assertTrue(StoreContents.isomorphic(expected, StoreContents.copy(store)));
            assertTrue(StoreValidator.validate(store).ok());
        }
    }

    @Test
    void aPrefixOfOneFileDoesNotLeakIntoTheNext() throws Exception {
        Path a = tmp.resolve("a.ttl");
        Path b = tmp.resolve("b.ttl");
        Files.writeString(a, "@prefix ex: <http://example.org/a/> .\nex:s ex:p ex:o .\n");
        Files.writeString(b, "<http://example.org/s> <http://example.org/p> <http://example.org/o> .\nex:s ex:p ex:o .\n");
        try (QuadStore store = QuadStore.open(tmp.resolve("store"))) {
            // one worker: b is parsed after a, on the same thread, with a's label still in the tables
            LoadReport r = BulkLoader.load(store, LoadOptions.of(a.toString(), b.toString()).withThreads(1));
            assertEquals(1, r.parsingErrors(), r.errors().toString());
            assertTrue(r.errors().get(0).message().contains("ex"), r.errors().toString());
            assertEquals(2, store.stats().quads());
        }
    }
}
