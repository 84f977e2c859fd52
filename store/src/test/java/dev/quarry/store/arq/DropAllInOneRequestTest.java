package dev.quarry.store.arq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DROP ALL followed by more operations in the same transaction: the later operations
 * must see the store empty plus their own writes (range tombstones are only written
 * at commit, so reads in between depend on the transaction's view of dropped ranges).
 */
class DropAllInOneRequestTest {
    @TempDir
    Path dir;

    @Test
    void writesAfterDropAllInTheSameRequestAreVisibleAndCommitted() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
            update(dsg, "PREFIX : <http://example.org/> INSERT DATA { :a :p 1, :b . GRAPH :g { :a :p :c } }");
            update(dsg, """
                    PREFIX : <http://example.org/>
                    DROP ALL ;
                    INSERT DATA { :x :p :b . GRAPH :g2 { :x :p "long enough literal" } } ;
                    INSERT { :y :q ?o } WHERE { :x :p ?o } ;
                    DELETE WHERE { GRAPH :g2 { ?s ?p ?o } }
                    """);
            List<String> rows = Txn.calculateRead(dsg, () -> QueryExec.dataset(dsg)
                    .query("SELECT ?g ?s ?p ?o { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } } ORDER BY ?s")
                    .select().stream().map(b -> b.toString()).toList());
            assertEquals(2, rows.size(), rows::toString);
            assertEquals(2, store.stats().quads());
            assertEquals(List.of(), StoreValidator.validate(store).problems());
        }
    }

    private static void update(QuarryDatasetGraph dsg, String request) {
        Txn.executeWrite(dsg, () -> UpdateExec.dataset(dsg).update(request).execute());
    }
}
