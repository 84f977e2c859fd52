package dev.quarry.e2e.conformance;

import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.ResourceFactory;

/** The terms of the W3C test manifest vocabularies that the runners read. */
final class TestVocab {
    private TestVocab() {}

    static final String MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
    static final String QT = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#";
    static final String UT = "http://www.w3.org/2009/sparql/tests/test-update#";
    static final String RDFS = "http://www.w3.org/2000/01/rdf-schema#";

    static final Property INCLUDE = p(MF, "include");
    static final Property ENTRIES = p(MF, "entries");
    static final Property NAME = p(MF, "name");
    static final Property ACTION = p(MF, "action");
    static final Property RESULT = p(MF, "result");

    static final Property QT_QUERY = p(QT, "query");
    static final Property QT_DATA = p(QT, "data");
    static final Property QT_GRAPH_DATA = p(QT, "graphData");

    static final Property UT_REQUEST = p(UT, "request");
    static final Property UT_DATA = p(UT, "data");
    static final Property UT_GRAPH_DATA = p(UT, "graphData");
    static final Property UT_GRAPH = p(UT, "graph");
    static final Property LABEL = p(RDFS, "label");

    private static Property p(String ns, String local) {
        return ResourceFactory.createProperty(ns + local);
    }
}
