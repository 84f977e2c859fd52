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
 * ingest) instead of through one write transaction. Strict like the transaction path: the
 * first bad statement fails the request with 400 and nothing of it becomes visible.
 *
 * <p>Only POST (adding) goes this way: PUT must replace the graph in the same commit as it
 * loads, which one write transaction does and a bulk ingest does not. Only uploads that
 * declare a Content-Length of at least the threshold, since a chunked body's size is not
 * known when the choice is made.
 */
final class BulkUpload {
    private BulkUpload() {}

    /** The bulk loader's format for this upload, if it should take it. */
    static Optional<RdfFormat> format(Exchange ex, GraphTarget target, Lang lang, long threshold) {
        if (threshold <= 0 || !ex.method().name().equals("POST")) {
            return Optional.empty();
        }
        String length = ex.header(HttpHeaderNames.CONTENT_LENGTH);
        long declared;
        try {
            declared = length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (declared < threshold) {
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

    /** Loads the upload; returns whether a named graph was created by it. */
    static boolean load(QuadStore store, Exchange ex, GraphTarget target, RdfFormat format, String base) {
        boolean existed = true;
        if (target.kind() == GraphTarget.Kind.NAMED) {
            try (ReadView view = store.newReadView()) {
                existed = GraphEraser.exists(view, target);
            }
        }
        Path spool = spool(store, ex.bodyStream());
        try {
            LoadOptions options = LoadOptions.of(spool.toString()).withFormat(format).withBase(base)
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
            try {
                Files.deleteIfExists(spool);
            } catch (IOException ignored) {
                // in tmp/, which the store empties when it opens
            }
        }
        return target.kind() == GraphTarget.Kind.NAMED && !existed;
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
}
