package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loader job records: replaced by id, kept across a reopen and across DROP ALL. */
class JobRecordsTest {
    @TempDir
    Path dir;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void recordsSurviveReopenAndDropAll() {
        try (QuadStore store = QuadStore.open(dir)) {
            store.putJobRecord("b-job", bytes("{\"n\":1}"));
            store.putJobRecord("a-job", bytes("{\"n\":2}"));
            store.putJobRecord("b-job", bytes("{\"n\":3}"));
            try (WriteTransaction txn = store.beginWrite()) {
                txn.add(null, NodeFactory.createURI("http://ex/s"), NodeFactory.createURI("http://ex/p"),
                        NodeFactory.createURI("http://ex/o"));
                txn.commit();
            }
            store.dropAll();
            assertEquals(0, store.stats().quads());
        }
        try (QuadStore store = QuadStore.open(dir)) {
            Map<String, byte[]> records = store.jobRecords();
            assertEquals(List.of("a-job", "b-job"), List.copyOf(records.keySet()));
            assertArrayEquals(bytes("{\"n\":2}"), records.get("a-job"));
            assertArrayEquals(bytes("{\"n\":3}"), records.get("b-job"));
        }
    }
}
