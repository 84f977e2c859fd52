package dev.quarry.endpoint.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.quarry.endpoint.ServerFixture;
import dev.quarry.endpoint.source.HttpSourceHosts;
import dev.quarry.endpoint.source.SourcePolicy;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPARQL LOAD over HTTP, confined to the --allow-source directories; http(s) only when enabled. */
class SparqlLoadTest {
    @TempDir
    Path tmp;
    Path data;

    @BeforeEach
    void files() throws Exception {
        data = Files.createDirectories(tmp.resolve("data"));
        // group-writable: a link here may have been planted by another user, so it may not lead outside
        Files.setPosixFilePermissions(data, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxr-x"));
        Files.writeString(data.resolve("two.nt"), "<urn:ex:a> <urn:ex:p> \"1\" .\n<urn:ex:b> <urn:ex:p> \"2\" .\n");
        Files.writeString(data.resolve("quads.nq"), "<urn:ex:a> <urn:ex:p> \"1\" <urn:ex:g1> .\n<urn:ex:c> <urn:ex:p> \"3\" .\n");
        Files.writeString(data.resolve("bad.ttl"), "<urn:ex:a> <urn:ex:p> \"1\" .\n<urn:ex:b> <urn:ex:p> .\n");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(data.resolve("zipped.nt.gz")))) {
            out.write("<urn:ex:z> <urn:ex:p> \"9\" .\n".getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(tmp.resolve("secret.nt"), "<urn:ex:secret> <urn:ex:p> \"s\" .\n");
        Files.createSymbolicLink(data.resolve("link.nt"), tmp.resolve("secret.nt"));
    }

    private ServerFixture server(boolean allowHttp) {
        return server(allowHttp ? HttpSourceHosts.of(List.of("127.0.0.1")) : HttpSourceHosts.NONE);
    }

    private ServerFixture server(HttpSourceHosts hosts) {
        return new ServerFixture(tmp.resolve("store"), ServerFixture.options()
                .sources(new SourcePolicy(List.of(data), hosts)));
    }

    private static void status(int expected, HttpResponse<String> r, String... bodyContains) {
        assertEquals(expected, r.statusCode(), r.body());
        for (String s : bodyContains) {
            assertTrue(r.body().contains(s), "'" + s + "' not in: " + r.body());
        }
    }

    private static void ask(ServerFixture f, String query, boolean expected) {
        HttpResponse<String> r = f.query(query, "application/sparql-results+json");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().replace(" ", "").contains("\"boolean\":" + expected), query + " -> " + r.body());
    }

    private String file(String name) {
        return "<" + data.resolve(name).toUri() + ">";
    }

    @Test
    void noSourceIsAllowedByDefault() {
        try (ServerFixture f = new ServerFixture(tmp.resolve("store"), ServerFixture.options())) {
            status(403, f.update("LOAD <file:///etc/passwd>"), "LOAD refused", "--allow-source");
            status(403, f.update("LOAD " + file("two.nt")), "--allow-source");
            // SILENT always succeeds (SPARQL 1.1), and a refused source loads nothing.
            status(204, f.update("LOAD SILENT " + file("two.nt")));
            assertEquals(0, f.store.stats().quads());
        }
    }

    @Test
    void loadsAllowedFilesIntoTheDefaultGraphTheirOwnGraphsOrTheNamedOne() {
        try (ServerFixture f = server(false)) {
            status(204, f.update("LOAD " + file("two.nt")));
            assertEquals(2, f.store.stats().quads());
            status(204, f.update("LOAD " + file("two.nt") + " INTO GRAPH <urn:ex:g>"));
            status(204, f.update("LOAD " + file("quads.nq")));
            status(204, f.update("LOAD " + file("zipped.nt.gz")));
            ask(f, "ASK { GRAPH <urn:ex:g> { <urn:ex:b> <urn:ex:p> \"2\" } }", true);
            ask(f, "ASK { GRAPH <urn:ex:g1> { <urn:ex:a> <urn:ex:p> \"1\" } }", true);
            ask(f, "ASK { <urn:ex:c> <urn:ex:p> \"3\" }", true);
            ask(f, "ASK { <urn:ex:z> <urn:ex:p> \"9\" }", true);
            assertEquals(2 + 2 + 2 + 1, f.store.stats().quads());
        }
    }

    @Test
    void escapesAreRefusedWithAClearMessage() {
        try (ServerFixture f = server(false)) {
            status(403, f.update("LOAD <file:///etc/passwd>"), "outside the directories allowed with --allow-source");
            status(403, f.update("LOAD <file://" + data + "/../secret.nt>"), "outside");
            status(403, f.update("LOAD " + file("link.nt")), "outside");
            status(403, f.update("LOAD <ftp://127.0.0.1/x.nt>"), "unsupported source scheme");
            // The refusal comes before anything runs: the INSERT before it is not applied.
            status(403, f.update("INSERT DATA { <urn:ex:x> <urn:ex:y> 1 } ; LOAD <file:///etc/passwd>"));
            assertEquals(0, f.store.stats().quads());
        }
    }

    @Test
    void aBadFileFailsTheWholeRequestWithItsPosition() {
        try (ServerFixture f = server(false)) {
            status(400, f.update("INSERT DATA { <urn:ex:x> <urn:ex:y> 1 } ; LOAD " + file("bad.ttl")),
                    "LOAD failed: " + data.resolve("bad.ttl").toUri() + ": line 2, column 23: ");
            status(400, f.update("LOAD " + file("missing.nt")), "no such file");
            assertEquals(0, f.store.stats().quads());
        }
    }

    @Test
    void silentLoadOfABadOrMissingFileLeavesNoTraceAndTheRestApplies() {
        try (ServerFixture f = server(false)) {
            status(204, f.update("LOAD SILENT " + file("bad.ttl") + " ; LOAD SILENT " + file("missing.nt")
                    + " ; INSERT DATA { <urn:ex:x> <urn:ex:y> 1 }"));
            assertEquals(1, f.store.stats().quads());
            ask(f, "ASK { <urn:ex:a> ?p ?o }", false);
        }
    }

    @Test
    void httpSourcesOnlyWhenEnabled() throws Exception {
        HttpServer web = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] ttl = "<urn:ex:w> <urn:ex:p> \"web\" .\n".getBytes(StandardCharsets.UTF_8);
        web.createContext("/doc.ttl", x -> {
            x.getResponseHeaders().add("Content-Type", "text/turtle");
            x.sendResponseHeaders(200, ttl.length);
            x.getResponseBody().write(ttl);
            x.close();
        });
        web.start();
        String url = "<http://127.0.0.1:" + web.getAddress().getPort() + "/doc.ttl>";
        try {
            try (ServerFixture f = server(false)) {
                status(403, f.update("LOAD " + url), "--allow-http-source");
            }
            try (ServerFixture f = server(HttpSourceHosts.PUBLIC)) {
                status(403, f.update("LOAD " + url), "loopback address", "--allow-http-source=127.0.0.1");
            }
            try (ServerFixture f = server(true)) {
                status(204, f.update("LOAD " + url + " INTO GRAPH <urn:ex:web>"));
                ask(f, "ASK { GRAPH <urn:ex:web> { <urn:ex:w> <urn:ex:p> \"web\" } }", true);
                String missing = "<http://127.0.0.1:" + web.getAddress().getPort() + "/missing.ttl>";
                status(400, f.update("LOAD " + missing), "LOAD failed: http://127.0.0.1:");
                status(204, f.update("LOAD SILENT " + missing));
            }
        } finally {
            web.stop(0);
        }
    }

    @Test
    void readOnlyServersRefuseLoad() {
        try (ServerFixture f = new ServerFixture(tmp.resolve("store"), ServerFixture.options().readOnly(true)
                .sources(new SourcePolicy(List.of(data), false)))) {
            status(403, f.update("LOAD " + file("two.nt")), "read-only");
        }
    }
}
