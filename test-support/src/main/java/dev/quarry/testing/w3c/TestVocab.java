package dev.quarry.testing.w3c;

import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.ResourceFactory;

/** The terms of the W3C test manifest vocabularies that the runners read. */
public final class TestVocab {
    private TestVocab() {}

    public static final String MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
    public static final String QT = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#";
    public static final String UT = "http://www.w3.org/2009/sparql/tests/test-update#";
    public static final String RDFS = "http://www.w3.org/2000/01/rdf-schema#";

    public static final Property INCLUDE = p(MF, "include");
    public static final Property ENTRIES = p(MF, "entries");
    public static final Property NAME = p(MF, "name");
    public static final Property ACTION = p(MF, "action");
    public static final Property RESULT = p(MF, "result");

    public static final Property QT_QUERY = p(QT, "query");
    public static final Property QT_DATA = p(QT, "data");
    public static final Property QT_GRAPH_DATA = p(QT, "graphData");

    public static final Property UT_REQUEST = p(UT, "request");
    public static final Property UT_DATA = p(UT, "data");
    public static final Property UT_GRAPH_DATA = p(UT, "graphData");
    public static final Property UT_GRAPH = p(UT, "graph");
    public static final Property LABEL = p(RDFS, "label");

    private static Property p(String ns, String local) {
        return ResourceFactory.createProperty(ns + local);
    }
}
