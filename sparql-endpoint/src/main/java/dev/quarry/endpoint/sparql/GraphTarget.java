package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.HttpError;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * What a graph store request addresses: {@code ?default} (the default graph),
 * {@code ?graph=IRI} (a named graph, indirect identification), a path below the graph
 * store ({@code /data/...}: the named graph whose IRI is the request's own, direct
 * identification) or, with none of these, the whole dataset.
 */
record GraphTarget(Kind kind, Node graph) {
    enum Kind { DEFAULT, NAMED, DATASET }

    /** Where the graph store is; paths below it identify graphs directly. */
    static final String STORE_PATH = "/data";

    static GraphTarget of(Exchange ex) {
        Map<String, List<String>> q = ex.queryParams();
        boolean dflt = q.containsKey("default");
        List<String> graphs = q.getOrDefault("graph", List.of());
        if (ex.path().startsWith(STORE_PATH + "/")) {
            if (dflt || !graphs.isEmpty()) {
                throw HttpError.badRequest("a graph addressed by its path takes neither ?default nor ?graph=IRI");
            }
            String iri = requestIri(ex);
            if (!iri.matches("\\S+") || iri.contains("<") || iri.contains(">") || iri.contains("\"")) {
                throw HttpError.badRequest("not a usable graph IRI: " + iri);
            }
            return named(iri);
        }
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

    static GraphTarget named(String iri) {
        return new GraphTarget(Kind.NAMED, NodeFactory.createURI(iri));
    }

    /**
     * The IRI of the request without its query: {@code http://} + Host + the path as sent
     * (percent-encoding kept), the graph's name in direct identification.
     */
    static String requestIri(Exchange ex) {
        String uri = ex.uri();
        int q = uri.indexOf('?');
        String rawPath = q < 0 ? uri : uri.substring(0, q);
        if (!rawPath.startsWith("/")) { // an absolute-form request target: keep only its path
            rawPath = ex.path();
        }
        String host = ex.header(io.netty.handler.codec.http.HttpHeaderNames.HOST);
        return "http://" + (host == null || host.isBlank() ? "localhost" : host.trim()) + rawPath;
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
