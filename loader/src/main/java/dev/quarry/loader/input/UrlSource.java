package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.WebContent;

/**
 * An http(s) URL, streamed (never buffered whole). The size comes from Content-Length when
 * the server sends one; the format from the URL's path, else from the Content-Type.
 *
 * <p>Requests carry a {@code quarry/<version>} User-Agent and time out as {@link HttpFetch}
 * says; a body that stalls or breaks off is resumed with a Range request
 * ({@link ResumableBody}). Redirects are followed here, not by the client, so that the
 * {@link HttpFetch#guard() guard} sees every URL requested.
 */
public final class UrlSource implements Source {
    static final String USER_AGENT = "quarry/" + version();
    private static final int MAX_REDIRECTS = 5;
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");

    /** One client per connect timeout (in practice one): it pools connections and its threads. */
    private static final ConcurrentHashMap<Duration, HttpClient> CLIENTS = new ConcurrentHashMap<>();

    private final URI uri;
    private final HttpFetch fetch;
    private volatile long size = Long.MIN_VALUE; // MIN_VALUE: not asked yet

    public UrlSource(URI uri) {
        this(uri, HttpFetch.DEFAULT);
    }

    public UrlSource(URI uri, HttpFetch fetch) {
        this.uri = uri;
        this.fetch = fetch;
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
                HttpResponse<InputStream> head = send("HEAD", null);
                head.body().close();
                size = ok(head.statusCode()) ? contentLength(head.headers()) : -1;
            } catch (InterruptedIOException e) {
                Thread.currentThread().interrupt();
                return -1;
            } catch (IOException e) {
                size = -1;
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
            response = send("GET", null);
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException e) {
            throw new IOException(name() + ": cannot fetch (" + why(e) + ")", e);
        }
        if (!ok(response.statusCode())) {
            response.body().close();
            throw new IOException(name() + ": HTTP status " + response.statusCode());
        }
        size = contentLength(response.headers());
        String validator = validator(response.headers());
        InputStream body = new ResumableBody(name(), size, response.body(), fetch, offset -> resumeAt(offset, validator));
        RdfFormat hint = response.headers().firstValue("Content-Type").map(UrlSource::formatOfContentType).orElse(null);
        String path = uri.getPath() == null ? "" : uri.getPath();
        String fileName = path.substring(path.lastIndexOf('/') + 1);
        return FeedOpener.open(name(), fileName, body, size, rawBytesRead, formatOverride, hint, readAhead, false);
    }

    /** The body from {@code offset} on, if the server answers 206 with exactly that range of the same document. */
    private InputStream resumeAt(long offset, String validator) throws IOException {
        HttpResponse<InputStream> r = send("GET", offset + "-", validator);
        String contentRange = r.headers().firstValue("Content-Range").orElse(null);
        if (r.statusCode() != 206) {
            r.body().close();
            throw new ResumableBody.NotResumableException("the server cannot resume it: it answered HTTP " + r.statusCode()
                    + " to a Range request for bytes " + offset + "-"
                    + (r.statusCode() == 200 ? " (no Range support, or the document changed)" : ""));
        }
        Matcher m = contentRange == null ? null : CONTENT_RANGE.matcher(contentRange.trim());
        if (m == null || !m.matches() || Long.parseLong(m.group(1)) != offset
                || (size >= 0 && !m.group(3).equals(Long.toString(size)))) {
            r.body().close();
            throw new ResumableBody.NotResumableException("the server cannot resume it: it answered a Range request for bytes "
                    + offset + "- with Content-Range " + contentRange);
        }
        return r.body();
    }

    private HttpResponse<InputStream> send(String method, String range) throws IOException {
        return send(method, range, null);
    }

    /** Sends a request, following up to {@value #MAX_REDIRECTS} redirects, each URL checked by the guard. */
    private HttpResponse<InputStream> send(String method, String range, String ifRange) throws IOException {
        URI target = uri;
        for (int hop = 0; ; hop++) {
            fetch.guard().check(target);
            HttpRequest.Builder b = HttpRequest.newBuilder(target)
                    .timeout(fetch.readTimeout())
                    .header("Accept", WebContent.defaultDatasetAcceptHeader)
                    .header("User-Agent", USER_AGENT)
                    .method(method, HttpRequest.BodyPublishers.noBody());
            if (range != null) {
                b.header("Range", "bytes=" + range);
                if (ifRange != null) {
                    b.header("If-Range", ifRange);
                }
            }
            HttpResponse<InputStream> r;
            try {
                r = client().send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
            } catch (HttpTimeoutException e) {
                throw new HttpTimeoutException("no response within " + fetch.readTimeout().toSeconds() + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException(name() + ": interrupted");
            }
            Optional<String> location = r.headers().firstValue("Location");
            if (!isRedirect(r.statusCode()) || location.isEmpty()) {
                return r;
            }
            r.body().close();
            if (hop == MAX_REDIRECTS) {
                throw new IOException("more than " + MAX_REDIRECTS + " redirects");
            }
            target = target.resolve(location.get());
            String scheme = String.valueOf(target.getScheme()).toLowerCase(java.util.Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new IOException("redirected to a URL that is not http(s): " + target);
            }
        }
    }

    private HttpClient client() {
        return CLIENTS.computeIfAbsent(fetch.connectTimeout(), t -> HttpClient.newBuilder()
                .connectTimeout(t)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build());
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    private static boolean ok(int status) {
        return status >= 200 && status < 300;
    }

    private static long contentLength(HttpHeaders headers) {
        return headers.firstValueAsLong("Content-Length").orElse(-1);
    }

    /** A strong ETag, else Last-Modified: a resumed request sends it as If-Range, so a changed document is not spliced. */
    private static String validator(HttpHeaders headers) {
        Optional<String> etag = headers.firstValue("ETag").filter(e -> !e.startsWith("W/"));
        return etag.or(() -> headers.firstValue("Last-Modified")).orElse(null);
    }

    private static RdfFormat formatOfContentType(String contentType) {
        Lang lang = RDFLanguages.contentTypeToLang(contentType.split(";")[0].trim());
        return lang == null ? null : RdfFormat.byName(lang.getName()).orElse(null);
    }

    private static String why(IOException e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** The jar's version (its manifest), or "dev" when run from classes. */
    private static String version() {
        String v = UrlSource.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }

    @Override
    public String toString() {
        return name();
    }
}
