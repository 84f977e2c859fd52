package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.apache.jena.riot.Lang;

/**
 * A large graph store {@code POST}: the body is spooled to a scratch file in the store's
 * {@code tmp/} and loaded by the {@link BulkLoader} (parallel parse, sorted runs, one atomic
 * ingest) instead of through one write transaction, whose batch holds every write in
 * memory (a 76 MB chunked upload took RSS from 207 MB to 1.16 GB). Strict like the
 * transaction path: the first bad statement fails the request with 400 and nothing of it
 * becomes visible.
 *
 * <p>Only POST (adding) goes this way: PUT must replace the graph in the same commit as it
 * loads, which one write transaction does and a bulk ingest does not. An upload that
 * declares a Content-Length is judged by it; a chunked one (size unknown until it has
 * arrived) is spooled to disk first, then judged by its size: a small one is read from the
 * spool file through the transaction path, so either way memory stays bounded.
 */
final class BulkUpload {
    private BulkUpload() {}

    /** How a POST upload is taken in. */
    sealed interface Plan {
        /** Through one write transaction, from this stream. */
        record Transaction(InputStream body) implements Plan {}

        /** Through the bulk loader, from this spool file. */
        record Bulk(Path spool, RdfFormat format) implements Plan {}
    }

    /**
     * Decides how to take the upload in, reading a chunked body to a spool file first if the
     * bulk loader may take it. The caller deletes the spool ({@link #discard}) when done.
     */
    static Plan plan(QuadStore store, Exchange ex, GraphTarget target, Lang lang, long threshold) {
        Optional<RdfFormat> format = format(ex, target, lang, threshold);
        if (format.isEmpty()) {
            return new Plan.Transaction(ex.bodyStream());
        }
        long declared = declaredLength(ex);
        if (declared >= 0 && declared < threshold) {
            return new Plan.Transaction(ex.bodyStream());
        }
        Path spool = spool(store, ex.bodyStream());
        try {
            if (declared < 0 && Files.size(spool) < threshold) {
                return new Plan.Transaction(new SpoolStream(spool));
            }
        } catch (IOException e) {
            discard(spool);
            throw new UncheckedIOException(e);
        }
        return new Plan.Bulk(spool, format.get());
    }

    /** The bulk loader's format for a POST of {@code lang} to {@code target}, if it can take it. */
    private static Optional<RdfFormat> format(Exchange ex, GraphTarget target, Lang lang, long threshold) {
        if (threshold <= 0 || !ex.method().name().equals("POST")) {
            return Optional.empty();
        }
        for (RdfFormat f : RdfFormat.values()) {
            // A graph upload takes triples only; the bulk loader would keep a quad format's graphs.
            if (f.lang().equals(lang) && (target.kind() == GraphTarget.Kind.DATASET || !f.quads())) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The Content-Length, or -1 if there is none (chunked) or it is not a number. */
    private static long declaredLength(Exchange ex) {
        String length = ex.header(HttpHeaderNames.CONTENT_LENGTH);
        try {
            return length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Loads a spooled upload; returns whether a named graph was created by it. */
    static boolean load(QuadStore store, Exchange ex, GraphTarget target, Plan.Bulk plan, String base) {
        boolean existed = true;
        if (target.kind() == GraphTarget.Kind.NAMED) {
            try (ReadView view = store.newReadView()) {
                existed = GraphEraser.exists(view, target);
            }
        }
        Path spool = plan.spool();
        try {
            LoadOptions options = LoadOptions.of(spool.toString()).withFormat(plan.format()).withBase(base)
                    .withGraph(target.kind() == GraphTarget.Kind.NAMED ? target.graph().getURI() : null)
                    .withFailOnError(true);
            BulkLoader.load(store, options, new LoadListener() {
                @Override
                public boolean cancelled() {
                    return ex.isCancelled();
                }
            });
        } catch (LoadException e) {
            // The spool file's name means nothing to the client: name the upload instead.
            String m = QueryRunner.oneLine(String.valueOf(e.getMessage())).replace(spool.toString(), "upload");
            throw HttpError.badRequest("bulk upload failed, nothing loaded: " + m);
        } finally {
            discard(spool);
        }
        return target.kind() == GraphTarget.Kind.NAMED && !existed;
    }

    /** Deletes a spool file (if the plan has one). */
    static void discard(Plan plan) {
        if (plan instanceof Plan.Bulk b) {
            discard(b.spool());
        } else if (plan instanceof Plan.Transaction t && t.body() instanceof SpoolStream s) {
            s.close();
        }
    }

    private static void discard(Path spool) {
        try {
            Files.deleteIfExists(spool);
        } catch (IOException ignored) {
            // in tmp/, which the store empties when it opens
        }
    }

    private static Path spool(QuadStore store, InputStream body) {
        try {
            Path file = Files.createTempFile(store.tempDirectory(), "upload-", ".rdf");
            try {
                Files.copy(body, file, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(file);
                throw e;
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A spool file read back; closing it deletes the file. */
    private static final class SpoolStream extends java.io.FilterInputStream {
        private final Path file;

        SpoolStream(Path file) throws IOException {
            super(new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16));
            this.file = file;
        }

        @Override
        public void close() {
            try {
                super.close();
            } catch (IOException ignored) {
                // a read stream
            }
            discard(file);
        }
    }
}
