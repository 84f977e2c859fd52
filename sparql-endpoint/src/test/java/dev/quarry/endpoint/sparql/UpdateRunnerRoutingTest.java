package dev.quarry.endpoint.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreOptions;
import dev.quarry.store.arq.QuarryDatasetGraph;
import dev.quarry.store.verify.StoreValidator;
import java.nio.file.Path;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.update.UpdateFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The routing of update operations by {@link UpdateRunner}. The store's DROP ALL also empties the term
 * dictionary, ARQ's graph-by-graph delete cannot: so {@code terms == 0} afterwards
 * shows which path ran.
 */
class UpdateRunnerRoutingTest {
    static final String DATA = "PREFIX : <http://ex.org/> INSERT DATA { :a :p \"some long literal value\" . "
            + "GRAPH :g1 { :a :p :b } GRAPH :g2 { :b :q \"another long literal\" } }";

    @TempDir
    Path dir;
    QuadStore store;
    QuarryDatasetGraph dsg;

    @BeforeEach
    void open() {
        store = QuadStore.open(dir.resolve("store"), StoreOptions.defaults().withSyncCommits(false));
        dsg = new QuarryDatasetGraph(store);
        run(DATA);
        assertEquals(3, store.stats().quads());
    }

    @AfterEach
    void close() {
        assertTrue(StoreValidator.validate(store).ok(), () -> StoreValidator.validate(store).problems().toString());
        store.close();
    }

    /** Runs the update; returns how many of its operations take the store's fast drop. */
    private long run(String update) {
        var request = UpdateFactory.create(update);
        new UpdateRunner(dsg).run(request);
        return request.getOperations().stream().filter(UpdateRunner::isDropAll).count();
    }

    @ParameterizedTest
    @ValueSource(strings = {"DROP ALL", "CLEAR ALL", "DROP SILENT ALL", "clear silent all"})
    void dropAllTakesTheStoresDrop(String update) {
        assertEquals(1, run(update));
        assertEquals(0, store.stats().quads());
        assertEquals(0, store.stats().terms(), "the dictionary is emptied only by the store's drop");
        assertTrue(dsg.isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"DROP DEFAULT", "DROP NAMED", "CLEAR GRAPH <http://ex.org/g1>", "DROP GRAPH <http://ex.org/g2>"})
    void otherDropsRunThroughArq(String update) {
        assertEquals(0, run(update));
        long left = store.stats().quads();
        assertTrue(left > 0 && left < 3, "quads left: " + left);
        assertTrue(store.stats().terms() > 0);
    }

    @Test
    void mixedRequestRunsInOrderInOneTransaction() {
        long fast = run("PREFIX : <http://ex.org/> INSERT DATA { :x :p :y } ; DROP ALL ; "
                + "INSERT DATA { GRAPH :g9 { :c :p \"after the drop\" } } ; INSERT DATA { :d :p :e }");
        assertEquals(1, fast);
        assertEquals(2, store.stats().quads());
        assertTrue(dsg.contains(NodeFactory.createURI("http://ex.org/g9"), NodeFactory.createURI("http://ex.org/c"),
                NodeFactory.createURI("http://ex.org/p"), NodeFactory.createLiteralString("after the drop")));
        assertTrue(dsg.contains(Quad.defaultGraphIRI, NodeFactory.createURI("http://ex.org/d"),
                NodeFactory.createURI("http://ex.org/p"), NodeFactory.createURI("http://ex.org/e")));
        assertFalse(dsg.contains(null, NodeFactory.createURI("http://ex.org/x"), null, null));
    }

    @Test
    void failureAfterADropAppliesNothing() {
        Path missing = dir.resolve("missing.nq");
        assertThrows(RuntimeException.class, () -> run("DROP ALL ; INSERT DATA { <http://ex.org/n> <http://ex.org/p> 1 } ; "
                + "LOAD <" + missing.toUri() + ">"));
        assertEquals(3, store.stats().quads());
        assertTrue(store.stats().terms() > 0);
    }
}
