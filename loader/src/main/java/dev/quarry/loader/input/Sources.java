package dev.quarry.loader.input;

import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Expands what the user named into {@link Source}s: files, directories (recursively,
 * sorted), globs ({@code dumps/*.nq.gz}, {@code **}), {@code -} for stdin, {@code file:}
 * and http(s) URLs. Compression and archives are recognised later, when a source is opened,
 * from its magic bytes.
 */
public final class Sources {
    private Sources() {}

    /**
     * Expands the arguments, reading {@code -} from {@link System#in}.
     *
     * @throws UncheckedIOException with a one-line message for a missing or unreadable path,
     *     or a glob that matches nothing
     */
    public static List<Source> expand(List<String> args) {
        return expand(args, System.in);
    }

    /** Expands the arguments, reading {@code -} from {@code stdin}. */
    public static List<Source> expand(List<String> args, InputStream stdin) {
        return expand(args, stdin, HttpFetch.DEFAULT);
    }

    /** Expands the arguments, reading {@code -} from {@code stdin} and http(s) URLs as {@code http} says. */
    public static List<Source> expand(List<String> args, InputStream stdin, HttpFetch http) {
        List<Source> out = new ArrayList<>();
        boolean stdinUsed = false;
        for (String arg : args) {
            if (arg.equals("-")) {
                if (stdinUsed) {
                    throw new UncheckedIOException("- (stdin) given more than once", new java.io.IOException(arg));
                }
                stdinUsed = true;
                out.add(StreamSource.stdin(stdin));
                continue;
            }
            String lower = arg.toLowerCase(Locale.ROOT);
            if (lower.startsWith("http://") || lower.startsWith("https://")) {
                out.add(new UrlSource(uri(arg), http));
            } else {
                String path = lower.startsWith("file:") ? fileUrlPath(arg) : arg;
                boolean named = PathExpander.namesAFile(path);
                for (Path p : PathExpander.expand(path)) {
                    out.add(named ? new FileSource(p) : FileSource.found(p));
                }
            }
        }
        return out;
    }

    private static String fileUrlPath(String arg) {
        try {
            return Path.of(uri(arg)).toString();
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            throw new UncheckedIOException(arg + ": not a valid file URL (" + e.getMessage() + ")",
                    new java.io.IOException(e));
        }
    }

    private static URI uri(String arg) {
        try {
            return URI.create(arg);
        } catch (IllegalArgumentException e) {
            throw new UncheckedIOException(arg + ": not a valid URL (" + e.getMessage() + ")",
                    new java.io.IOException(e));
        }
    }
}
