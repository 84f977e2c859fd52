package dev.quarry.engine.output;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RiotException;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.vocabulary.RDF;

/**
 * RDF/XML written as the triples come: one {@code rdf:Description} per run of triples with
 * the same subject, the query's prefixes declared on the root element, a predicate outside
 * them declared on its own element. Hand-written because ARQ's RDF/XML writers need the
 * whole graph first and analyse it (RDFXML_Abbrev's Unparser was a quarter of the server's
 * time for a BSBM DESCRIBE; the official driver asks for RDF/XML).
 */
public final class RdfXmlWriter {
    private static final String RDF_NS = RDF.getURI();
    private static final String XSD_STRING = "http://www.w3.org/2001/XMLSchema#string";
    /** The prefix of namespaces declared on the element that uses them (not an NCName a query prefix can take: it has a dot). */
    private static final String LOCAL_PREFIX = "j.0";

    private final Utf8Buffer out;
    private final Map<String, String> rootPrefixes = new LinkedHashMap<>(); // namespace -> prefix
    private final Map<String, String> blankLabels = new HashMap<>();

    private RdfXmlWriter(OutputStream stream, PrefixMapping prefixes) {
        this.out = new Utf8Buffer(stream);
        prefixes.getNsPrefixMap().forEach((prefix, ns) -> {
            if (isNcName(prefix) && !prefix.startsWith("xml") && !prefix.equals("rdf") && !prefix.equals(LOCAL_PREFIX)
                    && !rootPrefixes.containsKey(ns)) {
                rootPrefixes.put(ns, prefix);
            }
        });
    }

    /**
     * Writes {@code triples} as an RDF/XML document. A triple RDF/XML cannot express (a
     * literal or triple-term subject, a predicate IRI with no XML local name) fails with
     * RiotException, as ARQ's writers do.
     */
    public static void write(OutputStream stream, Iterator<Triple> triples, PrefixMapping prefixes) throws IOException {
        new RdfXmlWriter(stream, prefixes).write(triples);
    }

    private void write(Iterator<Triple> triples) throws IOException {
        out.ascii("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rdf:RDF xmlns:rdf=\"").xml(RDF_NS).ascii("\"");
        for (Map.Entry<String, String> e : rootPrefixes.entrySet()) {
            out.ascii("\n    xmlns:").text(e.getValue()).ascii("=\"").xml(e.getKey()).ascii("\"");
        }
        out.ascii(">\n");
        Node subject = null;
        while (triples.hasNext()) {
            Triple t = triples.next();
            if (!t.getSubject().equals(subject)) {
                if (subject != null) {
                    out.ascii("  </rdf:Description>\n");
                }
                subject = t.getSubject();
                out.ascii("  <rdf:Description");
                if (subject.isURI()) {
                    out.ascii(" rdf:about=\"").xml(subject.getURI()).ascii("\">\n");
                } else if (subject.isBlank()) {
                    out.ascii(" rdf:nodeID=\"").text(blankLabel(subject)).ascii("\">\n");
                } else {
                    throw new RiotException("RDF/XML cannot have " + subject + " as a subject");
                }
            }
            property(t.getPredicate(), t.getObject());
        }
        if (subject != null) {
            out.ascii("  </rdf:Description>\n");
        }
        out.ascii("</rdf:RDF>\n");
        out.flush();
    }

    private void property(Node predicate, Node object) throws IOException {
        String iri = predicate.getURI();
        int split = localNameStart(iri);
        if (split == iri.length()) {
            throw new RiotException("RDF/XML cannot write the predicate <" + iri + ">: it does not end in an XML name");
        }
        String ns = iri.substring(0, split);
        String local = iri.substring(split);
        String prefix = ns.equals(RDF_NS) ? "rdf" : rootPrefixes.get(ns);
        String qname = (prefix != null ? prefix : LOCAL_PREFIX) + ":" + local;
        out.ascii("    <").text(qname);
        if (prefix == null) {
            out.ascii(" xmlns:" + LOCAL_PREFIX + "=\"").xml(ns).ascii("\"");
        }
        if (object.isURI()) {
            out.ascii(" rdf:resource=\"").xml(object.getURI()).ascii("\"/>\n");
            return;
        }
        if (object.isBlank()) {
            out.ascii(" rdf:nodeID=\"").text(blankLabel(object)).ascii("\"/>\n");
            return;
        }
        if (!object.isLiteral()) {
            throw new RiotException("RDF/XML cannot have " + object + " as an object");
        }
        String lang = object.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            out.ascii(" xml:lang=\"").xml(lang).ascii("\"");
            if (object.getLiteralBaseDirection() != null) {
                out.ascii(" xmlns:its=\"http://www.w3.org/2005/11/its\" its:version=\"2.0\" its:dir=\"")
                        .xml(object.getLiteralBaseDirection().direction()).ascii("\"");
            }
        } else if (!XSD_STRING.equals(object.getLiteralDatatypeURI())) {
            out.ascii(" rdf:datatype=\"").xml(object.getLiteralDatatypeURI()).ascii("\"");
        }
        out.put('>');
        out.xml(object.getLiteralLexicalForm());
        out.ascii("</").text(qname).ascii(">\n");
    }

    /** A document-wide label that is an XML name (blank node labels in the store need not be). */
    private String blankLabel(Node b) {
        return blankLabels.computeIfAbsent(b.getBlankNodeLabel(), k -> "b" + blankLabels.size());
    }

    /**
     * Where the XML local name of {@code iri} starts: the longest suffix that is an NCName
     * ({@code iri.length()} if there is none).
     */
    static int localNameStart(String iri) {
        int i = iri.length();
        while (i > 0 && isNameChar(iri.charAt(i - 1))) {
            i--;
        }
        while (i < iri.length() && !isNameStartChar(iri.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean isNcName(String s) {
        return !s.isEmpty() && localNameStart(s) == 0;
    }

    /** XML 1.0 NameStartChar without ':' (surrogates accepted as the supplementary planes' characters). */
    private static boolean isNameStartChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
                || c >= 0xC0 && c <= 0xD6 || c >= 0xD8 && c <= 0xF6 || c >= 0xF8 && c <= 0x2FF
                || c >= 0x370 && c <= 0x37D || c >= 0x37F && c <= 0x1FFF || c >= 0x200C && c <= 0x200D
                || c >= 0x2070 && c <= 0x218F || c >= 0x2C00 && c <= 0x2FEF || c >= 0x3001 && c <= 0xD7FF
                || c >= 0xF900 && c <= 0xFDCF || c >= 0xFDF0 && c <= 0xFFFD || Character.isSurrogate(c);
    }

    private static boolean isNameChar(char c) {
        return isNameStartChar(c) || c == '-' || c == '.' || c >= '0' && c <= '9' || c == 0xB7
                || c >= 0x300 && c <= 0x36F || c == 0x203F || c == 0x2040;
    }
}
