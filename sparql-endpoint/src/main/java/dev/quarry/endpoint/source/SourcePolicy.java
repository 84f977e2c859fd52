package dev.quarry.endpoint.source;

import dev.quarry.loader.input.HttpFetch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Confines what a client can make the server read. A {@code file:} source must lie inside
 * one of the allowed directories after resolving {@code ..} and every symbolic link (the
 * real path is checked, and the real path is what the caller opens); with no allowed
 * directory no file can be read. An {@code http:}/{@code https:} source must come from a
 * host {@link HttpSourceHosts} allows. Any other scheme is refused.
 *
 * <p>A path that is outside the allowed directories is refused before the file system is
 * asked anything about it, so the answer does not tell whether such a file exists.
 */
public final class SourcePolicy {
    private final List<Path> roots;
    /** The roots as given and as real paths: the lexical pre-check accepts either spelling. */
    private final List<Path> spellings;
    private final HttpSourceHosts httpHosts;

    /** A resolved source: a real local file or a remote URI. */
    public sealed interface Allowed permits LocalFile, Remote {}

    /** A regular file; {@code path} is its real path (no links, no {@code ..}). */
    public record LocalFile(Path path) implements Allowed {}

    /** An http(s) document. */
    public record Remote(URI uri) implements Allowed {}

    /**
     * @param allowedDirs directories whose files may be read (must exist)
     * @param allowHttp   whether http(s) URLs may be fetched (from any host but loopback and link-local ones)
     */
    public SourcePolicy(List<Path> allowedDirs, boolean allowHttp) {
        this(allowedDirs, allowHttp ? HttpSourceHosts.PUBLIC : HttpSourceHosts.NONE);
    }

    /**
     * @param allowedDirs directories whose files may be read (must exist)
     * @param httpHosts   the hosts http(s) URLs may be fetched from
     */
    public SourcePolicy(List<Path> allowedDirs, HttpSourceHosts httpHosts) {
        List<Path> real = new ArrayList<>();
        List<Path> both = new ArrayList<>();
        for (Path dir : allowedDirs) {
            both.add(dir.toAbsolutePath().normalize());
            try {
                Path r = dir.toRealPath();
                if (!Files.isDirectory(r)) {
                    throw new IllegalArgumentException("--allow-source " + dir + ": not a directory");
                }
                real.add(r);
                both.add(r);
            } catch (NoSuchFileException e) {
                throw new IllegalArgumentException("--allow-source " + dir + ": no such directory");
            } catch (IOException e) {
                throw new UncheckedIOException("--allow-source " + dir + ": " + e.getMessage(), e);
            }
        }
        this.roots = List.copyOf(real);
        this.spellings = List.copyOf(both);
        this.httpHosts = httpHosts;
    }

    /** Nothing readable: no directory, no http. */
    public static SourcePolicy none() {
        return new SourcePolicy(List.of(), false);
    }

    /** The allowed directories, as real paths. */
    public List<Path> roots() {
        return roots;
    }

    public boolean allowHttp() {
        return httpHosts.enabled();
    }

    /** Checks each URL a remote load requests, redirects included. */
    public HttpFetch.Guard httpGuard() {
        return uri -> {
            try {
                httpHosts.check(uri);
            } catch (SourceRefusedException e) {
                throw new IOException(e.getMessage());
            }
        };
    }

    /**
     * Checks a source IRI and resolves it.
     *
     * @throws SourceRefusedException if the policy forbids it (the message says why and how to allow it)
     * @throws UncheckedIOException   wrapping {@link NoSuchFileException} if an allowed path does not exist
     */
    public Allowed check(String iri) {
        URI uri;
        try {
            uri = new URI(iri);
        } catch (URISyntaxException e) {
            throw new SourceRefusedException("not a valid source IRI: " + iri);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "file" -> new LocalFile(localFile(uri, iri, false));
            case "http", "https" -> {
                httpHosts.check(uri);
                yield new Remote(uri);
            }
            default -> throw new SourceRefusedException("unsupported source scheme '" + scheme + "': " + iri
                    + " (use file: inside an --allow-source directory)");
        };
    }

    /**
     * Checks a {@code file:} IRI that may name a directory (the bulk loader reads every file
     * below it) and returns its real path. The caller must still {@link #check} each file it
     * finds there: a link inside the directory may point anywhere.
     *
     * @throws SourceRefusedException if the policy forbids it or it is not a {@code file:} IRI
     * @throws UncheckedIOException   wrapping {@link NoSuchFileException} if an allowed path does not exist
     */
    public Path checkFileOrDirectory(String iri) {
        URI uri;
        try {
            uri = new URI(iri);
        } catch (URISyntaxException e) {
            throw new SourceRefusedException("not a valid source IRI: " + iri);
        }
        if (!"file".equalsIgnoreCase(uri.getScheme())) {
            throw new SourceRefusedException("not a file: IRI: " + iri);
        }
        return localFile(uri, iri, true);
    }

    private Path localFile(URI uri, String iri, boolean directoryAllowed) {
        if (roots.isEmpty()) {
            throw new SourceRefusedException("reading local files is disabled on this server"
                    + " (start it with --allow-source DIR): " + iri);
        }
        if (uri.getRawAuthority() != null && !uri.getRawAuthority().isEmpty()
                && !uri.getRawAuthority().equalsIgnoreCase("localhost")) {
            throw new SourceRefusedException("only local files can be read, not " + iri);
        }
        if (uri.getPath() == null || !uri.getPath().startsWith("/")) {
            throw new SourceRefusedException("a file source needs an absolute path: " + iri);
        }
        Path lexical = Path.of(uri.getPath()).normalize();
        if (!insideAny(lexical, spellings)) {
            throw outside(iri);
        }
        Path real;
        try {
            real = lexical.toRealPath();
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException(new NoSuchFileException(iri, null, "no such file"));
        } catch (IOException e) {
            throw new UncheckedIOException(iri + ": " + e.getMessage(), e);
        }
        // A link inside an allowed directory may point anywhere: the real path decides.
        if (!insideAny(real, roots)) {
            throw outside(iri);
        }
        if (!Files.isRegularFile(real) && !(directoryAllowed && Files.isDirectory(real))) {
            throw new SourceRefusedException("not a regular file: " + iri);
        }
        return real;
    }

    /** Whether {@code p} lies strictly under one of {@code dirs}. */
    private static boolean insideAny(Path p, List<Path> dirs) {
        for (Path dir : dirs) {
            if (p.startsWith(dir) && !p.equals(dir)) {
                return true;
            }
        }
        return false;
    }

    private static SourceRefusedException outside(String iri) {
        return new SourceRefusedException("source outside the directories allowed with --allow-source: " + iri);
    }
}
