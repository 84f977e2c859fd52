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
 * Confines what a client can make the server read. A {@code file:} source must be named
 * inside one of the allowed directories (after removing {@code .} and {@code ..}); with no
 * allowed directory no file can be read. The name is then resolved once, link by link, and
 * its real path is what the caller opens. A symbolic link below an allowed directory is
 * followed wherever it points (a store of data files linked to another disk is a common
 * setup) if the directory holding it is writable by its owner only: then only that owner,
 * whose directory the operator allowed, can have put it there. A link in a directory that
 * its group or anyone may write to could have been planted by another user to make the
 * server read that user's way into files it may not read itself: it is followed only if
 * it leads back inside the allowed directories. An {@code http:}/{@code https:} source
 * must come from a host {@link HttpSourceHosts} allows. Any other scheme is refused.
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
        Path root = null;
        for (Path dir : spellings) {
            if (lexical.startsWith(dir) && !lexical.equals(dir)) {
                root = dir;
                break;
            }
        }
        if (root == null) {
            throw outside(iri);
        }
        Path real;
        try {
            real = resolve(root.toRealPath(), root.relativize(lexical), iri);
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException(new NoSuchFileException(iri, null, "no such file"));
        } catch (IOException e) {
            throw new UncheckedIOException(iri + ": " + e.getMessage(), e);
        }
        if (!Files.isRegularFile(real) && !(directoryAllowed && Files.isDirectory(real))) {
            throw new SourceRefusedException("not a regular file: " + iri);
        }
        return real;
    }

    /** Most links followed in one name, as the kernel's limit for a path (ELOOP). */
    private static final int MAX_LINKS = 40;

    /**
     * The real path of {@code rest} below the allowed directory {@code dir} (a real path),
     * following each symbolic link met on the way under the rule in the class comment.
     * Written out rather than {@link Path#toRealPath} because the rule needs to know in
     * which directory each link lies, which the file system's resolution does not tell.
     */
    private Path resolve(Path dir, Path rest, String iri) throws IOException {
        java.util.ArrayDeque<String> names = new java.util.ArrayDeque<>();
        rest.forEach(n -> names.add(n.toString()));
        Path at = dir;
        int links = 0;
        while (!names.isEmpty()) {
            String name = names.poll();
            if (name.equals(".") || name.isEmpty()) {
                continue;
            }
            if (name.equals("..")) {
                at = at.getParent() == null ? at : at.getParent();
                continue;
            }
            Path next = at.resolve(name);
            if (!Files.isSymbolicLink(next)) {
                if (!names.isEmpty() && !Files.exists(next, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    throw new NoSuchFileException(next.toString());
                }
                at = next;
                continue;
            }
            if (++links > MAX_LINKS) {
                throw new SourceRefusedException("too many symbolic links in " + iri);
            }
            if (!writableByOwnerOnly(at)) {
                // A link someone else may have put here: only where it finally leads counts.
                Path target = next.toRealPath();
                if (!insideAny(target, roots)) {
                    throw new SourceRefusedException("source outside the directories allowed with --allow-source: " + iri
                            + " (" + next + " is a link in a directory its group or others may write to:"
                            + " such links are followed only inside the allowed directories)");
                }
                at = target;
                continue;
            }
            Path target = Files.readSymbolicLink(next);
            java.util.ArrayDeque<String> front = new java.util.ArrayDeque<>();
            target.forEach(n -> front.add(n.toString()));
            while (!front.isEmpty()) {
                names.push(front.pollLast());
            }
            if (target.isAbsolute()) {
                at = target.getRoot();
            }
        }
        return at.toRealPath(java.nio.file.LinkOption.NOFOLLOW_LINKS); // no link is left; fails if it does not exist
    }

    /** Whether neither the group nor others may write to {@code dir} (false where POSIX permissions are unknown). */
    private static boolean writableByOwnerOnly(Path dir) throws IOException {
        java.nio.file.attribute.PosixFileAttributeView view =
                Files.getFileAttributeView(dir, java.nio.file.attribute.PosixFileAttributeView.class);
        if (view == null) {
            return false;
        }
        var perms = view.readAttributes().permissions();
        return !perms.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)
                && !perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
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
