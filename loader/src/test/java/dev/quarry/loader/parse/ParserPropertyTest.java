package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.testing.StoreContents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.apache.jena.riot.Lang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;

/**
 * The loader's parsers against RIOT in strict mode, on random valid and mutated input: the
 * N-Quads byte path line by line (the same lines rejected, the same quads from the rest),
 * the Turtle path document by document (the same verdict; the same quads when accepted).
 * Few tries in the build (junit-platform.properties); more with -Djqwik.tries.default=N.
 */
class ParserPropertyTest {
    private static ParserOracle oracle;

    private static synchronized ParserOracle oracle() {
        if (oracle == null) {
            oracle = new ParserOracle();
        }
        return oracle;
    }

    @AfterContainer
    static void close() throws IOException {
        if (oracle != null) {
            oracle.close();
            oracle = null;
        }
    }

    @Provide
    Arbitrary<byte[]> nquadsDocument() {
        Arbitrary<byte[]> valid = RdfText.nquadsLine().map(s -> s.getBytes(StandardCharsets.UTF_8));
        Arbitrary<byte[]> line = Arbitraries.oneOf(valid, valid, RdfText.mutated(RdfText.nquadsLine()));
        return line.list().ofMinSize(1).ofMaxSize(25).map(ParserPropertyTest::joinLines);
    }

    @Provide
    Arbitrary<byte[]> turtleDocument() {
        Arbitrary<byte[]> valid = RdfText.turtleDocument().map(s -> s.getBytes(StandardCharsets.UTF_8));
        return Arbitraries.oneOf(valid, RdfText.mutated(RdfText.turtleDocument()));
    }

    @Property
    void nquadsLinesAreRejectedAndReadAsRiotStrictDoes(@ForAll("nquadsDocument") byte[] doc) {
        Set<Long> rejected = new TreeSet<>();
        DatasetGraph expected = DatasetGraphFactory.createGeneral();
        List<byte[]> lines = splitLines(doc);
        for (int i = 0; i < lines.size(); i++) {
            DatasetGraph one = ParserOracle.riot(lines.get(i), Lang.NQUADS);
            if (one == null) {
                rejected.add(i + 1L);
            } else {
                one.find().forEachRemaining(expected::add);
            }
        }
        ParserOracle.Loaded actual = oracle().load(doc, "nq");
        String text = new String(doc, StandardCharsets.UTF_8);
        assertEquals(rejected, actual.errorLines(), () -> text + "\n" + actual.report().errors());
        assertEquals(StoreContents.size(expected), StoreContents.size(actual.contents()), text);
        assertTrue(StoreContents.isomorphic(expected, actual.contents()), text);
    }

    @Property
    void turtleDocumentsGetRiotStrictsVerdictAndQuads(@ForAll("turtleDocument") byte[] doc) {
        DatasetGraph expected = ParserOracle.riot(doc, Lang.TURTLE);
        ParserOracle.Loaded actual = oracle().load(doc, "ttl");
        String text = new String(doc, StandardCharsets.UTF_8);
        if (expected == null) {
            assertTrue(!actual.report().errors().isEmpty(), () -> "RIOT rejects, the loader accepted:\n" + text);
            return;
        }
        assertNotNull(expected);
        assertEquals(List.of(), actual.report().errors(), text);
        assertEquals(StoreContents.size(expected), StoreContents.size(actual.contents()), text);
        assertTrue(StoreContents.isomorphic(expected, actual.contents()), text);
    }

    private static byte[] joinLines(List<byte[]> lines) {
        int size = lines.stream().mapToInt(l -> l.length + 1).sum();
        byte[] out = new byte[size];
        int p = 0;
        for (byte[] l : lines) {
            System.arraycopy(l, 0, out, p, l.length);
            p += l.length;
            out[p++] = '\n';
        }
        return out;
    }

    /** The lines as the loader numbers them (a mutation may have added a line end). */
    private static List<byte[]> splitLines(byte[] doc) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < doc.length; i++) {
            if (doc[i] == '\n') {
                out.add(Arrays.copyOfRange(doc, start, i));
                start = i + 1;
            }
        }
        if (start < doc.length) {
            out.add(Arrays.copyOfRange(doc, start, doc.length));
        }
        return out;
    }
}
