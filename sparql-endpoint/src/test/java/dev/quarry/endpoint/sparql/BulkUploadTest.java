package dev.quarry.endpoint.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Graph store POST uploads over the bulk-upload threshold go through the bulk loader: same
 * answers and the same all-or-nothing outcome as the transaction path.
 */
class BulkUploadTest {
    @TempDir
    Path tmp;

    private ServerFixture server(long threshold) {
        return new ServerFixture(tmp.resolve("store"), ServerFixture.options().bulkUploadBytes(threshold));
    }

    private static long count(ServerFixture f, String where) {
        HttpResponse<String> r = f.query("SELECT (COUNT(*) AS ?n) { " + where + " }", "text/csv");
        assertEquals(200, r.statusCode(), r.body());
        return Long.parseLong(r.body().lines().toList().get(1).strip());
    }

    @Test
    void largePostsGoThroughTheBulkLoaderAtomically() throws Exception {
        String turtle = "@prefix ex: <urn:ex:> .\nex:a ex:p 1 .\nex:b ex:p 2 .\nex:c ex:p 3 .\n";
        // (<c> against urn:ex:g would be urn:c, which RIOT's strict mode, and so the loader, rejects)
        String relative = "@prefix ex: <urn:ex:> .\nex:a ex:p 1 .\nex:b ex:p 2 .\n<c> ex:p 3 .\n";
        try (ServerFixture f = server(1)) {
            HttpResponse<String> r = f.post("/data?graph=urn:ex:g", "text/turtle", turtle);
            assertEquals(201, r.statusCode(), r.body());
            assertEquals(3, count(f, "GRAPH <urn:ex:g> { ?s ?p ?o }"));
            // relative IRIs resolve against the graph, as on the transaction path
            assertEquals(201, f.post("/data?graph=http://ex.org/dir/g", "text/turtle", relative).statusCode());
            assertEquals(1, count(f, "GRAPH <http://ex.org/dir/g> { <http://ex.org/dir/c> ?p ?o }"));
            assertEquals(204, f.post("/data?graph=urn:ex:g", "text/turtle", turtle).statusCode());
            assertEquals(3, count(f, "GRAPH <urn:ex:g> { ?s ?p ?o }"));

            r = f.post("/data", "application/n-quads", "<urn:ex:x> <urn:ex:p> \"q\" <urn:ex:g2> .\n<urn:ex:y> <urn:ex:p> \"d\" .\n");
            assertEquals(204, r.statusCode(), r.body());
            assertEquals(1, count(f, "GRAPH <urn:ex:g2> { ?s ?p ?o }"));
            assertEquals(1, count(f, "?s ?p ?o"));

            r = f.post("/data?default", "application/n-triples", "<urn:ex:ok> <urn:ex:p> \"fine\" .\n<urn:ex:bad> \"p\" \"o\" .\n");
            assertEquals(400, r.statusCode(), r.body());
            assertTrue(r.body().contains("nothing loaded") && r.body().contains("upload:2:"), r.body());
            assertEquals(1, count(f, "?s ?p ?o"));

            // a graph upload may not carry quads: refused before anything is read
            r = f.post("/data?graph=urn:ex:g", "application/n-quads", "<urn:ex:x> <urn:ex:p> \"q\" <urn:ex:g3> .\n");
            assertEquals(415, r.statusCode(), r.body());

            // PUT replaces in one transaction, whatever the size
            HttpResponse<String> put = f.send(HttpRequest.newBuilder(f.uri("/data?graph=urn:ex:g"))
                    .header("Content-Type", "text/turtle").PUT(HttpRequest.BodyPublishers.ofString("<urn:ex:z> <urn:ex:p> 9 .")).build());
            assertEquals(204, put.statusCode(), put.body());
            assertEquals(1, count(f, "GRAPH <urn:ex:g> { ?s ?p ?o }"));

            try (Stream<Path> left = Files.list(f.store.tempDirectory())) {
                assertEquals(0, left.filter(p -> p.getFileName().toString().startsWith("upload-")).count());
            }
        }
    }

    /**
     * One upload run counted 385,820 quads for a 366,988-quad file: 18,832 more, exactly the
     * file's quads with blank nodes, i.e. the file had been loaded twice into that store (each
     * upload is its own document, so its blank nodes are new; every other quad is already
     * there). This pins both halves: the same N-Quads, chunked and bulk-loaded four at a time
     * while updates add the same terms, leave exactly the file's ground quads plus one copy of
     * its blank-node quads per upload, and a join over them (which a term given two ids by
     * racing writers would break) the same rows. No race shows.
     */
    @Test
    void concurrentChunkedUploadsAddTheFilesQuadsOnceAndItsBlankNodesPerUpload() throws Exception {
        StringBuilder nq = new StringBuilder();
        int subjects = 1000;
        int blankQuads = 0;
        for (int i = 0; i < subjects; i++) {
            String g = i % 3 == 0 ? "" : " <urn:ex:graph" + i % 7 + ">";
            nq.append("<urn:ex:s").append(i).append("> <urn:ex:label> \"label ").append(i).append(" \u00e9\"@fr").append(g).append(" .\n");
            nq.append("<urn:ex:s").append(i).append("> <urn:ex:next> <urn:ex:s").append((i + 1) % subjects).append(">").append(g).append(" .\n");
            nq.append("<urn:ex:s").append(i).append("> <urn:ex:n> \"").append(i % 100).append("\"^^<http://www.w3.org/2001/XMLSchema#integer>").append(g).append(" .\n");
            if (i % 10 == 0) {
                nq.append("<urn:ex:s").append(i).append("> <urn:ex:near> _:addr").append(i).append(g).append(" .\n");
                nq.append("_:addr").append(i).append(" <urn:ex:city> \"c").append(i).append("\"").append(g).append(" .\n");
                blankQuads += 2;
            }
        }
        byte[] body = nq.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        long groundQuads = 3L * subjects;
        String join = "{ ?a <urn:ex:next> ?b } UNION { GRAPH ?g { ?a <urn:ex:next> ?b } } "
                + "{ ?b <urn:ex:label> ?l } UNION { GRAPH ?h { ?b <urn:ex:label> ?l } }";
        try (ServerFixture f = server(16 * 1024)) { // every upload (about 110 KB) takes the bulk path
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(5);
            try {
                int uploaded = 0;
                for (int round = 0; round < 2; round++) {
                    java.util.List<java.util.concurrent.Future<Integer>> uploads = new java.util.ArrayList<>();
                    for (int i = 0; i < 4; i++) {
                        uploads.add(pool.submit(() -> f.send(HttpRequest.newBuilder(f.uri("/data"))
                                .header("Content-Type", "application/n-quads")
                                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)))
                                .build()).statusCode()));
                    }
                    java.util.concurrent.Future<?> updates = pool.submit(() -> {
                        for (int i = 0; i < 20; i++) {
                            assertEquals(204, f.update("INSERT DATA { <urn:ex:s" + (i * 97 % subjects) + "> <urn:ex:touched> "
                                    + "\"label " + i + " \u00e9\"@fr }").statusCode());
                        }
                    });
                    for (var u : uploads) {
                        assertEquals(204, u.get());
                        uploaded++;
                    }
                    updates.get();
                    assertEquals(groundQuads + (long) uploaded * blankQuads,
                            count(f, "{ ?s ?p ?o FILTER(?p != <urn:ex:touched>) } UNION { GRAPH ?g { ?s ?p ?o } }"),
                            "after " + uploaded + " uploads");
                    assertEquals(uploaded * blankQuads / 2, count(f, "{ ?a <urn:ex:city> ?c } UNION { GRAPH ?g { ?a <urn:ex:city> ?c } }"));
                    assertEquals(subjects, count(f, join), "after " + uploaded + " uploads"); // each next has one label
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** A chunked POST (no Content-Length) of the given text. */
    private static HttpResponse<String> postChunked(ServerFixture f, String path, String nt) {
        byte[] bytes = nt.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return f.send(HttpRequest.newBuilder(f.uri(path)).header("Content-Type", "application/n-triples")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(bytes))).build());
    }

    /**
     * A chunked upload's size is unknown until it has arrived: it was parsed into one
     * write transaction whatever its size (RSS 207 MB -> 1.16 GB for 76 MB). It is spooled
     * to disk first now; at or over the threshold the bulk loader takes it, under it the
     * transaction path reads the spool file; both load everything, and the spool is deleted.
     */
    @Test
    void chunkedPostsAreSpooledAndLoadedEitherWayAtomically() throws Exception {
        StringBuilder nt = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            nt.append("<urn:ex:s").append(i).append("> <urn:ex:p> \"").append(i).append("\" .\n");
        }
        try (ServerFixture f = server(4096)) {
            assertEquals(201, postChunked(f, "/data?graph=urn:ex:big", nt.toString()).statusCode());
            assertEquals(500, count(f, "GRAPH <urn:ex:big> { ?s ?p ?o }"));
            assertEquals(201, postChunked(f, "/data?graph=urn:ex:small", "<urn:ex:a> <urn:ex:p> \"1\" .\n").statusCode());
            assertEquals(1, count(f, "GRAPH <urn:ex:small> { ?s ?p ?o }"));
            HttpResponse<String> bad = postChunked(f, "/data?graph=urn:ex:bad", nt + "<urn:ex:bad> \"p\" \"o\" .\n");
            assertEquals(400, bad.statusCode(), bad.body());
            assertEquals(0, count(f, "GRAPH <urn:ex:bad> { ?s ?p ?o }"));
            try (Stream<Path> left = Files.list(f.store.tempDirectory())) {
                assertEquals(0, left.filter(p -> p.getFileName().toString().startsWith("upload-")).count());
            }
        }
    }
}
