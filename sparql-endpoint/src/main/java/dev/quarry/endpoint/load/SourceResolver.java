package dev.quarry.endpoint.load;

import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.endpoint.source.SourceRefusedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Turns a loader {@code source} into what the bulk loader reads, through the server's
 * {@link SourcePolicy}: an http(s) URL as is (if http sources are allowed), a file as its
 * real path, a directory as the real paths of the files below it. Every file is checked on
 * its own, so a link inside an allowed directory cannot lead outside it.
 */
final class SourceResolver {
    private final SourcePolicy policy;

    SourceResolver(SourcePolicy policy) {
        this.policy = policy;
    }

    /** @throws LoaderRequestException (400) if the source is refused, missing or holds no file */
    List<String> resolve(String source) {
        String lower = source.toLowerCase(Locale.ROOT);
        try {
            if (lower.startsWith("http://") || lower.startsWith("https://")) {
                policy.check(source);
                return List.of(source);
            }
            String iri;
            if (lower.startsWith("file:")) {
                iri = source;
            } else {
                Path p = Path.of(source);
                if (!p.isAbsolute()) {
                    throw LoaderRequestException.badRequest("source must be an absolute path, a file: IRI or an http(s) URL: "
                            + source);
                }
                iri = p.toUri().toString();
            }
            Path real = policy.checkFileOrDirectory(iri);
            if (!Files.isDirectory(real)) {
                return List.of(real.toString());
            }
            // Each file is checked by the name the client's directory gives it (a link to another disk is followed by name)
            Path named = Path.of(java.net.URI.create(iri).getPath()).normalize();
            return filesBelow(real, named, source);
        } catch (SourceRefusedException e) {
            throw LoaderRequestException.badRequest(e.getMessage());
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof NoSuchFileException) {
                throw LoaderRequestException.badRequest("no such file or directory: " + source);
            }
            throw LoaderRequestException.badRequest("cannot read source " + source + ": " + LoadRequest.oneLine(e.getMessage()));
        } catch (java.nio.file.InvalidPathException e) {
            throw LoaderRequestException.badRequest("not a valid path: " + source);
        }
    }

    /**
     * The non-hidden regular files below {@code dir} (a real path), sorted, each confined by
     * the policy under its name below {@code named} (the directory as the client named it).
     */
    private List<String> filesBelow(Path dir, Path named, String source) {
        List<String> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(f -> !hidden(dir.relativize(f)) && Files.isRegularFile(f)).sorted().toList()) {
                SourcePolicy.Allowed a = policy.check(named.resolve(dir.relativize(f).toString()).toUri().toString());
                out.add(((SourcePolicy.LocalFile) a).path().toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (out.isEmpty()) {
            throw LoaderRequestException.badRequest("no files to load in directory " + source);
        }
        return out;
    }

    private static boolean hidden(Path rel) {
        for (Path part : rel) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }
}
