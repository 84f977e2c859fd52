package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.HttpError;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * What a graph store request addresses: {@code ?default} (the default graph),
 * {@code ?graph=IRI} (a named graph) or, with neither, the whole dataset.
 */
record GraphTarget(Kind kind, Node graph) {
    enum Kind { DEFAULT, NAMED, DATASET }

    static GraphTarget of(Exchange ex) {
        Map<String, List<String>> q = ex.queryParams();
        boolean dflt = q.containsKey("default");
        List<String> graphs = q.getOrDefault("graph", List.of());
        if (dflt && !graphs.isEmpty()) {
            throw HttpError.badRequest("give either ?default or ?graph=IRI, not both");
        }
        if (graphs.size() > 1) {
            throw HttpError.badRequest("give one ?graph=IRI, not " + graphs.size());
        }
        if (dflt) {
            return new GraphTarget(Kind.DEFAULT, null);
        }
        if (graphs.isEmpty()) {
            return new GraphTarget(Kind.DATASET, null);
        }
        String iri = graphs.get(0).trim();
        if (!iri.matches("[A-Za-z][A-Za-z0-9+.-]*:\\S*") || iri.contains("<") || iri.contains(">")) {
            throw HttpError.badRequest("graph must be an absolute IRI, not '" + iri + "'");
        }
        return new GraphTarget(Kind.NAMED, NodeFactory.createURI(iri));
    }

    /** The graph node for DatasetGraph calls (the default graph's own IRI for DEFAULT). */
    Node datasetNode() {
        return kind == Kind.DEFAULT ? org.apache.jena.sparql.core.Quad.defaultGraphIRI : graph;
    }

    /** The graph for WriteTransaction calls (null = the default graph). */
    Node storeNode() {
        return kind == Kind.NAMED ? graph : null;
    }
}
