package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.verify.StoreValidator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * xsd:dateTime, xsd:date and xsd:decimal literals, inline-able and not, through the byte-level
 * N-Quads path and the RIOT (Turtle) path: the store holds exactly what RIOT reads, only the
 * forms that are not inlined reach the dictionary, and quads written through the store's Node
 * path before the load are recognised as duplicates (both paths give the same ids).
 */
class InlineLiteralsLoadTest {
    private static final String XSD = "http://www.w3.org/2001/XMLSchema#";

    @TempDir
    Path tmp;

    /** Objects as written in N-Triples syntax (the Turtle file uses the same text). */
    private static List<String> objects() {
        List<String> out = new ArrayList<>();
        Random r = new Random(3);
        for (int i = 0; i < 300; i++) {
            String date = String.format("%04d-%02d-%02d", r.nextInt(9000) + 500, 1 + r.nextInt(12), 1 + r.nextInt(29));
            String zone = List.of("", "Z", "+02:00", "-05:30", "+00:00", "+14:00").get(r.nextInt(6));
            String frac = List.of("", ".5", ".25", ".125", ".500", ".0", ".1234").get(r.nextInt(7));
            String time = String.format("T%02d:%02d:%02d", r.nextInt(25), r.nextInt(60), r.nextInt(61));
            out.add(typed(date + time + frac + zone, "dateTime"));
            out.add(typed(date + zone, "date"));
            String dec = (r.nextBoolean() ? "-" : "") + List.of("0", "00", "1", "42", "140737488355327", "999999999999999")
                    .get(r.nextInt(6)) + List.of("", ".0", ".50", ".05", ".", "0.0").get(r.nextInt(6));
            out.add(typed(dec, "decimal"));
        }
        // Escapes in the lexical form: the byte parser unescapes before the inline rule sees it.
        out.add(typed("\\u00322008-05-10", "date"));
        out.add(typed("2008-05-10T12:00:00\\u005A", "dateTime"));
        out.add(typed("1\\u002E5", "decimal"));
        out.add(typed("\u0661.5", "decimal")); // an Arabic-Indic digit: not xsd, kept as written
        return out;
    }

    private static String typed(String lex, String local) {
        return "\"" + lex + "\"^^<" + XSD + local + ">";
    }

    private Path write(String name, List<String> objects) throws Exception {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        for (String o : objects) {
            sb.append("<http://x/s").append(i++ % 17).append("> <http://x/p> ").append(o).append(" .\n");
        }
        return Files.writeString(tmp.resolve(name), sb.toString(), StandardCharsets.UTF_8);
    }

    @Test
    void bothParsersStoreExactlyWhatRiotReads() throws Exception {
        List<String> objects = objects();
        for (String name : List.of("data.nq", "data.ttl")) {
            Path f = write(name, objects);
            // Forms not valid for their datatype (hour 24, "1.") are rejected, as RIOT's strict mode rejects them.
            DatasetGraph oracle = StoreContents.strictOracleByLine(f,
                    name.endsWith(".nq") ? org.apache.jena.riot.Lang.NQUADS : org.apache.jena.riot.Lang.TURTLE);
            try (QuadStore store = QuadStore.open(tmp.resolve("store-" + name))) {
                LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
                DatasetGraph actual = StoreContents.copy(store);
                assertEquals(StoreContents.size(oracle), store.stats().quads());
                assertTrue(StoreContents.isomorphic(oracle, actual), name);
                // Only the subjects, the predicate and the literals that are not inlined are dictionary terms.
                Set<Node> dictionary = new HashSet<>();
                Txn.executeRead(oracle, () -> oracle.find().forEachRemaining(q -> {
                    for (Node n : List.of(q.getSubject(), q.getPredicate(), q.getObject())) {
                        if (TermCodec.inlineId(n) == TermId.NONE) {
                            dictionary.add(n);
                        }
                    }
                }));
                assertEquals(dictionary.size(), store.stats().terms(), name);
                assertEquals(dictionary.size(), r.newTerms(), name);
                assertTrue(StoreValidator.validate(store).ok(), name);
            }
        }
    }

    @Test
    void quadsWrittenThroughTheStoreAreDuplicatesOfTheLoadedOnes() throws Exception {
        Path f = write("data.nq", objects());
        DatasetGraph oracle = StoreContents.strictOracleByLine(f, org.apache.jena.riot.Lang.NQUADS);
        List<Quad> quads = new ArrayList<>();
        Txn.executeRead(oracle, () -> oracle.find().forEachRemaining(quads::add));
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            try (WriteTransaction w = store.beginWrite()) {
                for (Quad q : quads) {
                    w.add(null, q.getSubject(), q.getPredicate(), q.getObject());
                }
                w.commit();
            }
            long termsBefore = store.stats().terms();
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
            assertEquals(0, r.newQuads());
            assertEquals(0, r.newTerms());
            assertEquals(termsBefore, store.stats().terms());
            assertEquals(quads.size(), store.stats().quads());
        }
    }
}
