package dev.quarry.e2e.http;

import dev.quarry.testing.w3c.Manifest;
import dev.quarry.testing.w3c.ManifestEntry;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.vocabulary.RDFS;

/**
 * Reads the W3C SPARQL 1.1 protocol and graph store protocol manifests (the entries through the
 * shared {@link Manifest} reader): each test is a list of HTTP requests (W3C HTTP vocabulary)
 * with the response each must get.
 */
final class W3cHttpManifest {
    static final String MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
    static final String HT = "http://www.w3.org/2011/http#";
    static final String CNT = "http://www.w3.org/2011/content#";
    static final String UT = "http://www.w3.org/2009/sparql/tests/test-update#";

    record Body(String chars, Charset charset) {}

    /**
     * @param location a template variable (mf:expectedLocation): the response must have a Location,
     *                 whose value replaces the variable in the later requests of the test
     */
    record Expected(List<String> statuses, Boolean booleanResult, String format, Map<String, String> headers, Body body,
                    String location) {}

    record Request(String method, String path, Map<String, String> headers, Body body, Expected expected) {}

    /** A graph to load before the test: file -> graph name. */
    record GraphData(String file, String graph) {}

    record TestCase(String id, String name, List<GraphData> data, List<Request> requests) {}

    private W3cHttpManifest() {}

    static List<TestCase> read(Path manifestFile) {
        List<TestCase> tests = new ArrayList<>();
        for (ManifestEntry e : Manifest.entries(manifestFile)) {
            Resource t = e.node();
            Model m = t.getModel();
            String id = t.getLocalName();
            String name = e.name();
            List<GraphData> data = new ArrayList<>();
            t.listProperties(p(m, UT, "graphData")).forEachRemaining(s -> {
                Resource gd = s.getResource();
                data.add(new GraphData(gd.getPropertyResourceValue(p(m, UT, "graph")).getURI(),
                        gd.getProperty(RDFS.label).getString()));
            });
            Resource action = e.action();
            List<Request> reqs = new ArrayList<>();
            for (RDFNode r : action.getPropertyResourceValue(p(m, HT, "requests")).as(org.apache.jena.rdf.model.RDFList.class).asJavaList()) {
                reqs.add(request(m, r.asResource()));
            }
            tests.add(new TestCase(id, name, data, reqs));
        }
        return tests;
    }

    private static Request request(Model m, Resource r) {
        String method = r.getProperty(p(m, HT, "methodName")).getString();
        String path = r.getProperty(p(m, HT, "absolutePath")).getString();
        Resource resp = r.getPropertyResourceValue(p(m, HT, "resp"));
        List<String> statuses = new ArrayList<>();
        resp.listProperties(p(m, MF, "expectedStatus")).forEachRemaining(s -> statuses.add(s.getResource().getLocalName()));
        Statement b = resp.getProperty(p(m, MF, "expectedBoolean"));
        Statement f = resp.getProperty(p(m, MF, "expectedFormat"));
        Statement loc = resp.getProperty(p(m, MF, "expectedLocation"));
        Expected exp = new Expected(statuses, b == null ? null : b.getBoolean(), f == null ? null : f.getString(),
                headers(m, resp), body(m, resp), loc == null ? null : loc.getString());
        return new Request(method, path, headers(m, r), body(m, r), exp);
    }

    private static Map<String, String> headers(Model m, Resource r) {
        Map<String, String> h = new LinkedHashMap<>();
        Resource list = r.getPropertyResourceValue(p(m, HT, "headers"));
        if (list != null) {
            for (RDFNode n : list.as(org.apache.jena.rdf.model.RDFList.class).asJavaList()) {
                Resource hd = n.asResource();
                h.put(hd.getProperty(p(m, HT, "fieldName")).getString().toLowerCase(java.util.Locale.ROOT),
                        hd.getProperty(p(m, HT, "fieldValue")).getString());
            }
        }
        return h;
    }

    private static Body body(Model m, Resource r) {
        Resource b = r.getPropertyResourceValue(p(m, HT, "body"));
        if (b == null) {
            return null;
        }
        Statement enc = b.getProperty(p(m, CNT, "characterEncoding"));
        return new Body(b.getProperty(p(m, CNT, "chars")).getString(),
                Charset.forName(enc == null ? "UTF-8" : enc.getString()));
    }

    private static Property p(Model m, String ns, String local) {
        return m.createProperty(ns, local);
    }
}
