package dev.quarry.endpoint.ui;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import dev.quarry.endpoint.http.Router;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The query UI: {@code /} is a page with the YASGUI editor pointed at this server's
 * {@code /sparql}; the editor's script and style sheet come from the YASGUI WebJar on the
 * class path and are served under a path that carries their version, so browsers may
 * cache them for good. Every file is a fixed route: no path from the request ever
 * reaches the class path or the file system.
 */
public final class QueryUi implements Handler {
    private static final String WEBJAR = "META-INF/resources/webjars/zazuko__yasgui/";
    private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/zazuko__yasgui/pom.properties";
    private static final String PAGE = "/dev/quarry/endpoint/ui/index.html";

    private final Map<String, StaticAsset> assets = new LinkedHashMap<>();

    /** Reads the page and the editor from the class path; fails if the WebJar is missing. */
    public QueryUi() {
        String version = yasguiVersion();
        String assetDir = "ui/yasgui-" + version;
        String js = "text/javascript; charset=utf-8";
        String css = "text/css; charset=utf-8";
        String text = "text/plain; charset=utf-8";
        add("/" + assetDir + "/yasgui.min.js", webjar(version, "build/yasgui.min.js"), js);
        add("/" + assetDir + "/yasgui.min.css", webjar(version, "build/yasgui.min.css"), css);
        add("/" + assetDir + "/THIRD-PARTY-LICENSES.txt", webjar(version, "build/yasgui.min.js.LICENSE.txt"), text);
        String page = new String(resource(PAGE), StandardCharsets.UTF_8)
                .replace("@ASSETS@", assetDir)
                .replace("@YASGUI_VERSION@", version);
        assets.put("/", StaticAsset.of(page.getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8",
                StaticAsset.REVALIDATE));
    }

    private void add(String path, byte[] bytes, String contentType) {
        assets.put(path, StaticAsset.of(bytes, contentType, StaticAsset.IMMUTABLE));
    }

    /** Adds a GET (and HEAD) route for every file of the UI. */
    public void addRoutes(Router router) {
        Router.Route route = new Router.Route("ui", Router.Body.BUFFERED, false, this);
        for (String path : assets.keySet()) {
            router.add(HttpMethod.GET, path, route);
        }
    }

    /** The page has one inline script and style block (and YASGUI sets inline styles), all else is from here. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
            + "base-uri 'none'; form-action 'self'";

    @Override
    public void handle(Exchange ex) {
        StaticAsset a = assets.get(ex.path());
        if (a == null) { // routes and assets are the same set; kept for safety
            ex.respondError(HttpResponseStatus.NOT_FOUND, "no such file: " + ex.path());
            return;
        }
        ex.responseHeader(HttpHeaderNames.ETAG, a.etag())
                .responseHeader(HttpHeaderNames.CACHE_CONTROL, a.cacheControl())
                .responseHeader("X-Content-Type-Options", "nosniff")
                // No framing (clickjacking of the update editor); scripts, styles and requests from this server only.
                .responseHeader("X-Frame-Options", "DENY")
                .responseHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        if (a.gzipped() != null) {
            ex.responseHeader(HttpHeaderNames.VARY, "Accept-Encoding");
        }
        if (matches(ex.header(HttpHeaderNames.IF_NONE_MATCH), a.etag())) {
            ex.respondEmpty(HttpResponseStatus.NOT_MODIFIED);
            return;
        }
        if (a.gzipped() != null && acceptsGzip(ex.header(HttpHeaderNames.ACCEPT_ENCODING))) {
            ex.responseHeader(HttpHeaderNames.CONTENT_ENCODING, "gzip");
            ex.respond(HttpResponseStatus.OK, a.contentType(), a.gzipped());
        } else {
            ex.respond(HttpResponseStatus.OK, a.contentType(), a.bytes());
        }
    }

    /** If-None-Match: a list of ETags (weak ones compare by value) or {@code *}. */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.trim();
            if (t.startsWith("W/")) {
                t = t.substring(2);
            }
            if (t.equals("*") || t.equals(etag)) {
                return true;
            }
        }
        return false;
    }

    /** Accept-Encoding names gzip without refusing it ({@code gzip;q=0}). */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String part : acceptEncoding.split(",")) {
            String[] p = part.trim().split(";");
            if (p[0].trim().equalsIgnoreCase("gzip")) {
                for (int i = 1; i < p.length; i++) {
                    String q = p[i].trim().replace(" ", "");
                    if (q.equals("q=0") || q.matches("q=0\\.0*")) {
                        return false;
                    }
                }
                return true;
            }
        }
        return false;
    }

    private static String yasguiVersion() {
        Properties pom = new Properties();
        try (InputStream in = QueryUi.class.getClassLoader().getResourceAsStream(WEBJAR_POM)) {
            if (in == null) {
                throw new IllegalStateException("the YASGUI WebJar is not on the class path (" + WEBJAR_POM + ")");
            }
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pom.getProperty("version");
    }

    private static byte[] webjar(String version, String file) {
        return resource("/" + WEBJAR + version + "/" + file);
    }

    private static byte[] resource(String name) {
        try (InputStream in = QueryUi.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
