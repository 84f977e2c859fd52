package dev.quarry.testing.w3c;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.vocabulary.RDF;

/** One test of a manifest: its node in the manifest graph and the manifest file it came from. */
public record ManifestEntry(Resource node, Path manifest) {

    /**
     * A stable id for skip lists and messages: the test IRI, or for tests named relative to a
     * local manifest, the path under {@code root} (the suites' directory) plus the fragment.
     */
    public String id(Path root) {
        String iri = node.isURIResource() ? node.getURI() : manifest + "#" + name();
        if (iri.startsWith("file:")) {
            URI u = URI.create(iri);
            Path rel = root.relativize(Path.of(u.getPath()));
            return rel + (u.getFragment() == null ? "" : "#" + u.getFragment());
        }
        return iri;
    }

    public String name() {
        Statement st = node.getProperty(TestVocab.NAME);
        return st == null ? node.getLocalName() : st.getString();
    }

    /** The local name of the test type (e.g. {@code QueryEvaluationTest}, {@code TestTurtleEval}). */
    public String type() {
        for (Statement st : node.listProperties(RDF.type).toList()) {
            String local = st.getObject().asResource().getLocalName();
            if (local.contains("Test")) {
                return local;
            }
        }
        return "";
    }

    public Resource action() {
        return node.getPropertyResourceValue(TestVocab.ACTION);
    }

    public Resource result() {
        return node.getPropertyResourceValue(TestVocab.RESULT);
    }

    /** The file a {@code file:} IRI names. */
    public static Path file(RDFNode r) {
        return Path.of(URI.create(r.asResource().getURI()));
    }

    /** All objects of {@code p} on {@code subject}, in no particular order. */
    public static List<RDFNode> all(Resource subject, Property p) {
        return subject.listProperties(p).mapWith(Statement::getObject).toList();
    }

    /** The one object of {@code p} on {@code subject}, or null. */
    public static RDFNode one(Resource subject, Property p) {
        Statement st = subject.getProperty(p);
        return st == null ? null : st.getObject();
    }
}
