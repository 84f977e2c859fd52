package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;

/**
 * An http(s) URL, streamed (never buffered whole). The size comes from Content-Length when
 * the server sends one; the format from the URL's path, else from the Content-Type.
 */
public final class UrlSource implements Source {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    /** One client for all URLs: it pools connections and its threads. */
    private static final class Client {
        static final HttpClient INSTANCE = HttpClient.newBuilder()
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    }

    private final URI uri;
    private volatile long size = Long.MIN_VALUE; // MIN_VALUE: not asked yet

    public UrlSource(URI uri) {
        this.uri = uri;
    }

    public URI uri() {
        return uri;
    }

    @Override
    public String name() {
        return uri.toString();
    }

    /** The Content-Length; asks the server with a HEAD request if the source is not open yet. */
    @Override
    public long size() {
        if (size == Long.MIN_VALUE) {
            try {
                HttpResponse<Void> head = Client.INSTANCE.send(request().method("HEAD", HttpRequest.BodyPublishers.noBody())
                        .build(), HttpResponse.BodyHandlers.discarding());
                size = ok(head.statusCode()) ? contentLength(head.headers()) : -1;
            } catch (IOException e) {
                size = -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return size;
    }

    @Override
    public FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride) throws IOException {
        return open(rawBytesRead, formatOverride, ReadAhead.AUTO);
    }

    @Override
    public FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride, ReadAhead readAhead) throws IOException {
        HttpResponse<InputStream> response;
        try {
            response = Client.INSTANCE.send(request().GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(name() + ": interrupted");
        } catch (IOException e) {
            String why = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            throw new IOException(name() + ": cannot fetch (" + why + ")", e);
        }
        InputStream body = response.body();
        if (!ok(response.statusCode())) {
            body.close();
            throw new IOException(name() + ": HTTP status " + response.statusCode());
        }
        size = contentLength(response.headers());
        RdfFormat hint = response.headers().firstValue("Content-Type").map(UrlSource::formatOfContentType).orElse(null);
        String path = uri.getPath() == null ? "" : uri.getPath();
        String fileName = path.substring(path.lastIndexOf('/') + 1);
        return FeedOpener.open(name(), fileName, body, size, rawBytesRead, formatOverride, hint, readAhead, false);
    }

    private HttpRequest.Builder request() {
        return HttpRequest.newBuilder(uri).header("Accept", "*/*");
    }

    private static boolean ok(int status) {
        return status >= 200 && status < 300;
    }

    private static long contentLength(HttpHeaders headers) {
        return headers.firstValueAsLong("Content-Length").orElse(-1);
    }

    private static RdfFormat formatOfContentType(String contentType) {
        Lang lang = RDFLanguages.contentTypeToLang(contentType.split(";")[0].trim());
        return lang == null ? null : RdfFormat.byName(lang.getName()).orElse(null);
    }

    @Override
    public String toString() {
        return name();
    }
}
