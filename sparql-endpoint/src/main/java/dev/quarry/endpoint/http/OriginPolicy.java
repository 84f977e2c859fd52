package dev.quarry.endpoint.http;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.NetUtil;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * Which browsers' requests the server serves, against two attacks on a server that
 * listens on a developer's machine:
 * <ul>
 *   <li>Cross-site writes: any web page can send a form POST to 127.0.0.1. A write whose
 *       {@code Origin} is not the server's own (same host and port as the request's
 *       {@code Host}) or one named with {@code --allow-write-origin} is refused (403).
 *       Requests without {@code Origin} (curl, scripts, other servers) are not
 *       browsers' cross-site requests and pass.</li>
 *   <li>DNS rebinding: a page on attacker.example re-points its name at 127.0.0.1 and
 *       reads the server as same-origin. A request whose {@code Host} is not a loopback
 *       name, an IP address, this machine's name or a name given with
 *       {@code --allow-host} is refused (403).</li>
 * </ul>
 * Reads from other origins are a matter of CORS (off unless {@code --cors}).
 */
final class OriginPolicy {
    private final List<String> allowedHosts;
    private final List<String> writeOrigins;
    private final String machineName;

    OriginPolicy(List<String> allowedHosts, List<String> writeOrigins) {
        this.allowedHosts = lower(allowedHosts);
        this.writeOrigins = lower(writeOrigins);
        this.machineName = machineName();
    }

    private static List<String> lower(List<String> names) {
        return names.stream().map(n -> n.trim().toLowerCase(Locale.ROOT)).toList();
    }

    private static String machineName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName().toLowerCase(Locale.ROOT);
        } catch (java.io.IOException e) {
            return "localhost";
        }
    }

    /** Throws 400 if an HTTP/1.1 request has no Host, 403 if its Host is not one this server answers to. */
    void checkHost(HttpRequest req) {
        String host = req.headers().get(HttpHeaderNames.HOST);
        if (host == null || host.isBlank()) {
            if (req.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
                return;
            }
            throw HttpError.badRequest("an HTTP/1.1 request needs a Host header");
        }
        String name = hostName(host.trim());
        if (name == null) {
            throw HttpError.badRequest("malformed Host header: " + Failures.printable(host));
        }
        if (!hostAllowed(name)) {
            throw new HttpError(HttpResponseStatus.FORBIDDEN, "Host '" + Failures.printable(name)
                    + "' is not a name of this server; start it with --allow-host " + Failures.printable(name)
                    + " to serve it (a guard against DNS rebinding)");
        }
    }

    private boolean hostAllowed(String name) {
        return allowedHosts.contains("*") || allowedHosts.contains(name)
                || name.equals("localhost") || name.endsWith(".localhost")
                || NetUtil.isValidIpV4Address(name) || NetUtil.isValidIpV6Address(name)
                || name.equals(machineName);
    }

    /** The host name of a Host header value ({@code name[:port]} or {@code [v6][:port]}), lower case; null if malformed. */
    static String hostName(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? null : h.substring(1, end);
        }
        int colon = h.indexOf(':');
        String name = colon < 0 ? h : h.substring(0, colon);
        if (name.isEmpty() || !name.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_')) {
            return null;
        }
        return name;
    }

    /** Throws 403 if a browser on another origin sends this write. */
    void checkWriteOrigin(Exchange ex) {
        String origin = ex.header(HttpHeaderNames.ORIGIN);
        if (origin == null) {
            return;
        }
        String o = origin.trim().toLowerCase(Locale.ROOT);
        if (writeOrigins.contains("*") || writeOrigins.contains(o) || sameOrigin(o, ex.header(HttpHeaderNames.HOST))) {
            return;
        }
        throw new HttpError(HttpResponseStatus.FORBIDDEN, "writes from another origin (" + Failures.printable(origin)
                + ") are refused; start the server with --allow-write-origin " + Failures.printable(origin) + " to allow them");
    }

    /** Whether {@code origin} (scheme://host[:port]) names the host and port the request was sent to. */
    private static boolean sameOrigin(String origin, String host) {
        if (host == null || origin.equals("null")) {
            return false;
        }
        try {
            URI u = new URI(origin);
            if (u.getHost() == null) {
                return false;
            }
            int port = u.getPort() >= 0 ? u.getPort() : ("https".equals(u.getScheme()) ? 443 : 80);
            String h = host.trim().toLowerCase(Locale.ROOT);
            int colon = h.lastIndexOf(':');
            boolean hasPort = colon > h.lastIndexOf(']');
            String hostOnly = hasPort ? h.substring(0, colon) : h;
            int hostPort = hasPort ? Integer.parseInt(h.substring(colon + 1)) : 80;
            String originHost = u.getHost().toLowerCase(Locale.ROOT);
            return hostOnly.equals(originHost) && hostPort == port;
        } catch (java.net.URISyntaxException | NumberFormatException e) {
            return false;
        }
    }
}
