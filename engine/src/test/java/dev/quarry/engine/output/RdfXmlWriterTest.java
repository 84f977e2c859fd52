package dev.quarry.engine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.util.IsoMatcher;
import org.junit.jupiter.api.Test;

/** Our streaming RDF/XML, read back with RIOT's RDF/XML parser: the same graph (blank nodes up to renaming). */
class RdfXmlWriterTest {
    private static Node iri(String s) {
        return NodeFactory.createURI(s);
    }

    private static Graph write(List<Triple> triples, PrefixMapping prefixes) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RdfXmlWriter.write(out, triples.iterator(), prefixes);
        Graph g = GraphFactory.createDefaultGraph();
        try {
            RDFParser.source(new ByteArrayInputStream(out.toByteArray())).lang(Lang.RDFXML).parse(g);
        } catch (RiotException e) {
            throw new AssertionError("not RDF/XML: " + e.getMessage() + "\n" + out.toString(StandardCharsets.UTF_8), e);
        }
        return g;
    }

    @Test
    void everyKindOfTermReadsBackAsTheSameGraph() throws Exception {
        Node b1 = NodeFactory.createBlankNode("label with spaces & <odd> chars");
        Node b2 = NodeFactory.createBlankNode();
        Node s = iri("http://example.org/s?x=1&y='2'");
        List<Node> objects = List.of(
                iri("http://example.org/o#frag"),
                b1,
                NodeFactory.createLiteralString("plain \"quoted\" <tag> & 'apos'\n\ttab\r end"),
                NodeFactory.createLiteralString("é ü € 😀 中文"),
                NodeFactory.createLiteralLang("chat", "fr"),
                NodeFactory.createLiteralLang("colour", "en-GB"),
                NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("2008-06-20T00:00:00", XSDDatatype.XSDdateTime),
                NodeFactory.createLiteralDT("not a number", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("x", NodeFactory.getType("http://example.org/my-type")));
        List<Node> predicates = List.of(
                iri("http://example.org/vocab/p"),         // under a query prefix
                iri("http://other.example/ns#q-1.x"),      // declared on its element
                iri("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
                iri("urn:ex:p"),
                iri("http://example.org/vocab/123abc"),    // the local name starts after the digits
                iri("http://example.org/vocab/é"));
        List<Triple> triples = new ArrayList<>();
        for (Node p : predicates) {
            for (Node o : objects) {
                triples.add(Triple.create(s, p, o));
            }
        }
        triples.add(Triple.create(b1, iri("http://example.org/vocab/p"), b2));
        triples.add(Triple.create(b2, iri("http://example.org/vocab/p"), b1));
        triples.add(Triple.create(s, iri("http://example.org/vocab/p"), s)); // the subject again, after others
        PrefixMapping prefixes = PrefixMapping.Factory.create()
                .setNsPrefix("v", "http://example.org/vocab/")
                .setNsPrefix("", "http://example.org/empty-prefix/")
                .setNsPrefix("rdf", "http://not-rdf.example/");

        Graph expected = GraphFactory.createDefaultGraph();
        triples.forEach(expected::add);
        Graph actual = write(triples, prefixes);
        assertEquals(expected.size(), actual.size());
        assertTrue(IsoMatcher.isomorphic(expected, actual), "not the same graph");
    }

    @Test
    void emptyGraphIsAnEmptyDocument() throws Exception {
        assertEquals(0, write(List.of(), PrefixMapping.Standard).size());
    }

    @Test
    void predicateWithoutAnXmlLocalNameIsRefused() {
        List<Triple> triples = List.of(Triple.create(iri("http://x/s"), iri("http://x/p/123"), iri("http://x/o")));
        assertThrows(RiotException.class,
                () -> RdfXmlWriter.write(new ByteArrayOutputStream(), triples.iterator(), PrefixMapping.Standard));
    }
}
