package dev.quarry.endpoint.source;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The hosts whose http(s) documents a client may make the server fetch ({@code --allow-http-source}).
 * Without the option nothing is fetched; with it alone (or {@code *}) any host is, except one
 * that resolves to a loopback, link-local or wildcard address: those reach the server's own
 * services or the cloud metadata endpoint (169.254.169.254), so they must be named, by the
 * name or address the URL uses ({@code --allow-http-source=localhost,10.0.0.5}). With names
 * and no {@code *}, only the named hosts are fetched.
 *
 * <p>Addresses are checked when the request is checked and on every redirect; a name whose
 * DNS answer changes in between is not caught (no per-connection hook in the JDK's client).
 */
public final class HttpSourceHosts {
    /** Nothing may be fetched. */
    public static final HttpSourceHosts NONE = new HttpSourceHosts(false, false, Set.of());
    /** Any host but loopback, link-local and wildcard addresses. */
    public static final HttpSourceHosts PUBLIC = new HttpSourceHosts(true, true, Set.of());

    private final boolean enabled;
    private final boolean anyHost;
    private final Set<String> named;

    private HttpSourceHosts(boolean enabled, boolean anyHost, Set<String> named) {
        this.enabled = enabled;
        this.anyHost = anyHost;
        this.named = named;
    }

    /**
     * From {@code --allow-http-source}: null when the option is absent; empty or {@code *} for any
     * public host; else the host names and addresses allowed (with {@code *}: allowed besides any
     * public host, e.g. a loopback name).
     */
    public static HttpSourceHosts of(List<String> hosts) {
        if (hosts == null) {
            return NONE;
        }
        Set<String> names = hosts.stream().map(String::trim).filter(h -> !h.isEmpty())
                .map(HttpSourceHosts::normalise).collect(Collectors.toUnmodifiableSet());
        boolean any = names.isEmpty() || names.contains("*");
        return new HttpSourceHosts(true, any, names.stream().filter(h -> !h.equals("*"))
                .collect(Collectors.toUnmodifiableSet()));
    }

    public boolean enabled() {
        return enabled;
    }

    /** @throws SourceRefusedException saying why and which option allows it */
    public void check(URI uri) {
        String iri = uri.toString();
        if (!enabled) {
            throw new SourceRefusedException("reading " + uri.getScheme() + " sources is disabled on this server"
                    + " (start it with --allow-http-source): " + iri);
        }
        if (uri.getHost() == null) {
            throw new SourceRefusedException("a URL source needs a host: " + iri);
        }
        String host = normalise(uri.getHost());
        if (named.contains(host)) {
            return;
        }
        if (!anyHost) {
            throw new SourceRefusedException("host " + host + " is not one of the hosts allowed with --allow-http-source: "
                    + iri);
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return; // nothing to reach: fetching it fails with its own message
        }
        for (InetAddress a : addresses) {
            String kind = a.isLoopbackAddress() ? "loopback" : a.isLinkLocalAddress() ? "link-local"
                    : a.isAnyLocalAddress() ? "wildcard" : null;
            if (kind != null) {
                throw new SourceRefusedException("host " + host + " is a " + kind + " address (" + a.getHostAddress()
                        + "): name it in --allow-http-source=" + host + " to allow it: " + iri);
            }
        }
    }

    /** Lower case, IPv6 literals without brackets. */
    private static String normalise(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }
}
