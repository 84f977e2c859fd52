package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.out.NodeFmtLib;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader's byte path (N-Quads) and its RIOT path (Turtle) write each dictionary term in the
 * store's layout: after a load, the store finds every term by the bytes its own codec makes
 * (a lookup of different bytes finds nothing) and reads it back as the same term.
 * {@code TermLayoutGoldenTest} in store pins the bytes themselves.
 */
class LoaderTermBytesTest {
    @TempDir
    Path tmp;

    /** One dictionary term of every kind the loader's byte path writes (blank nodes are scoped per load: left out). */
    static List<Node> objects() {
        return List.of(
                NodeFactory.createURI("http://ex.org/o"),
                NodeFactory.createURI("urn:isbn:0451450523"),
                NodeFactory.createURI("http://ex.org/caf\u00e9#x"),
                NodeFactory.createLiteralString("a string too long to inline"),
                NodeFactory.createLiteralString("caf\u00e9 cr\u00e8me br\u00fbl\u00e9e \uD83D\uDE00"),
                NodeFactory.createLiteralLang("chat", "fr"),
                NodeFactory.createLiteralLang("colour", "en-GB"),
                NodeFactory.createLiteralDT("P1D", XSDDatatype.XSDduration),
                NodeFactory.createLiteralDT("x", NodeFactory.getType("urn:ex:dt")),
                NodeFactory.createLiteralDT("123456789012345678901234567890", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("+1", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("1", XSDDatatype.XSDboolean));
    }

    @Test
    void everyLoadPathWritesTheBytesTheStoreLooksUp() throws Exception {
        StringBuilder text = new StringBuilder();
        for (Node o : objects()) {
            text.append("<http://ex.org/s> <http://ex.org/p> ").append(NodeFmtLib.strNT(o)).append(" .\n");
        }
        for (String name : List.of("data.nq", "data.ttl")) {
            Path f = Files.writeString(tmp.resolve(name), text, StandardCharsets.UTF_8);
            try (QuadStore store = QuadStore.open(tmp.resolve("store-" + name))) {
                LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
                assertEquals(objects().size(), r.newQuads(), () -> name + ": " + r.errors());
                try (ReadView view = store.newReadView()) {
                    for (Node o : objects()) {
                        assertEquals(TermId.NONE, TermCodec.inlineId(o), () -> "not a dictionary term: " + o);
                        long id = view.lookup(o);
                        assertNotEquals(TermId.NONE, id, () -> name + ": the store does not find " + o);
                        assertEquals(o, view.decode(id), name);
                    }
                }
            }
        }
    }
}
