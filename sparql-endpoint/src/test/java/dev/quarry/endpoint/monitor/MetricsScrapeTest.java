package dev.quarry.endpoint.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import dev.quarry.store.QuadStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What /metrics shows: the JVM, the process, the worker pool, Netty, request histograms, query kinds, loads, the store. */
class MetricsScrapeTest {
    @TempDir
    Path dir;

    private static String scrape(ServerFixture f) {
        HttpResponse<String> r = f.get("/metrics", null);
        assertEquals(200, r.statusCode());
        return r.body();
    }

    /** The value of the first sample line that starts with {@code series}. */
    private static double value(String scrape, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(scrape);
        assertTrue(m.find(), "no " + series + " in\n" + scrape);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void jvmProcessPoolAndNettyMetersAreScraped() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            String s = scrape(f);
            for (String name : new String[] {
                "jvm_memory_used_bytes{", "jvm_gc_memory_allocated_bytes_total", "jvm_threads_live_threads",
                "jvm_classes_loaded_classes", "process_cpu_usage", "system_cpu_usage", "process_uptime_seconds",
                "process_files_open_files", "executor_pool_size_threads{name=\"quarry.workers\"}",
                "executor_active_threads{name=\"quarry.workers\"}", "netty_allocator_memory_used{",
                "netty_eventexecutor_tasks_pending{", "quarry_loader_jobs{state=\"queued\"}",
                "quarry_loader_jobs{state=\"running\"}", "quarry_queries_running", "quarry_store_quads", "quarry_store_table_bytes"}) {
                assertTrue(s.contains("\n" + name), name + " missing from\n" + s);
            }
            assertTrue(value(s, "process_files_open_files") > 0);
            assertTrue(value(s, "executor_active_threads{name=\"quarry.workers\"}") >= 1, "the scrape runs on a worker");
        }
    }

    @Test
    void requestsHaveHistogramBucketsAndQueriesAreCountedByKind() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(2);
            assertEquals(200, f.query("SELECT * { ?s ?p ?o }", null).statusCode());
            assertEquals(200, f.query("SELECT * { ?s ?p ?o } LIMIT 1", null).statusCode());
            assertEquals(200, f.query("ASK { ?s ?p ?o }", null).statusCode());
            assertEquals(200, f.query("CONSTRUCT WHERE { ?s ?p ?o }", null).statusCode());
            assertEquals(200, f.query("DESCRIBE <urn:ex:s:0>", null).statusCode());
            assertEquals(204, f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }").statusCode());
            assertEquals(400, f.query("SELEKT", null).statusCode());
            String s = scrape(f);
            assertEquals(2, value(s, "quarry_sparql_requests_total{kind=\"select\"}"));
            assertEquals(1, value(s, "quarry_sparql_requests_total{kind=\"ask\"}"));
            assertEquals(1, value(s, "quarry_sparql_requests_total{kind=\"construct\"}"));
            assertEquals(1, value(s, "quarry_sparql_requests_total{kind=\"describe\"}"));
            assertEquals(1, value(s, "quarry_sparql_requests_total{kind=\"update\"}"));
            String q = "operation=\"query\",status=\"200\"";
            assertEquals(5, value(s, "quarry_http_requests_seconds_bucket{" + q + ",le=\"+Inf\"}"));
            assertEquals(5, value(s, "quarry_http_requests_seconds_count{" + q + "}"));
            assertTrue(s.contains("quarry_http_requests_seconds_bucket{" + q + ",le=\"0.005\"}"), s);
            assertTrue(s.contains("quarry_http_requests_seconds_bucket{operation=\"query\",status=\"400\",le=\"+Inf\"} 1"), s);
            assertEquals(3, value(s, "quarry_store_quads"), "the store as it is at the scrape");
        }
    }

    @Test
    void storeMetersShowTheStoreAsReadAtTheLastRefresh() {
        try (QuadStore store = QuadStore.open(dir)) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            StoreMetrics metrics = StoreMetrics.bind(registry, store);
            try (var txn = store.beginWrite()) {
                txn.add(null, org.apache.jena.graph.NodeFactory.createURI("urn:ex:s"),
                        org.apache.jena.graph.NodeFactory.createURI("urn:ex:p"), org.apache.jena.graph.NodeFactory.createURI("urn:ex:o"));
                txn.commit();
            }
            assertEquals(0, registry.get("quarry.store.quads").gauge().value(), "meters read the snapshot, not the store");
            metrics.refresh();
            assertEquals(1, registry.get("quarry.store.quads").gauge().value());
            assertTrue(registry.getMeters().stream().anyMatch(m -> m.getId().getName().startsWith("quarry.rocksdb.")));
        }
    }
}
