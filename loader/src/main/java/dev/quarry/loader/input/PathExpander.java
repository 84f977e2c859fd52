package dev.quarry.loader.input;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Expands a command-line path into files: a file as is, a directory recursively, a glob
 * ({@code dumps/*.nq.gz}, {@code data/**}) by walking the directory before its first
 * wildcard. Results are sorted by path so that loads are repeatable. Hidden files and
 * directories (names starting with '.') are skipped inside directories and globs, as a
 * shell's {@code *} skips them.
 */
final class PathExpander {
    private PathExpander() {}

    static List<Path> expand(String arg) {
        Path p = Path.of(arg);
        if (Files.exists(p)) {
            return Files.isDirectory(p) ? walk(p) : List.of(readable(p));
        }
        if (isGlob(arg)) {
            return glob(arg);
        }
        throw new UncheckedIOException(arg + ": no such file or directory", new NoSuchFileException(arg));
    }

    /** Whether {@code arg} names one existing file (not a directory, not a glob). */
    static boolean namesAFile(String arg) {
        Path p = Path.of(arg);
        return Files.exists(p) && !Files.isDirectory(p);
    }

    static boolean isGlob(String arg) {
        return arg.indexOf('*') >= 0 || arg.indexOf('?') >= 0 || arg.indexOf('[') >= 0 || arg.indexOf('{') >= 0;
    }

    /** Every regular, non-hidden file below {@code dir}, sorted. */
    private static List<Path> walk(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> !hidden(dir.relativize(f)) && Files.isRegularFile(f)).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new UncheckedIOException(dir + ": cannot list directory (" + e.getMessage() + ")",
                    e instanceof IOException io ? io : ((UncheckedIOException) e).getCause());
        }
    }

    private static List<Path> glob(String arg) {
        String[] segments = arg.split("/", -1);
        int firstWild = 0;
        while (!isGlob(segments[firstWild])) {
            firstWild++;
        }
        String baseText = String.join("/", List.of(segments).subList(0, firstWild));
        Path base = firstWild == 0 ? Path.of("") : Path.of(baseText.isEmpty() ? "/" : baseText);
        String pattern = String.join("/", List.of(segments).subList(firstWild, segments.length));
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        // "**/x" also matches x at the top, as in shells with globstar.
        PathMatcher top = pattern.startsWith("**/")
                ? FileSystems.getDefault().getPathMatcher("glob:" + pattern.substring(3)) : matcher;
        int depth = pattern.contains("**") ? Integer.MAX_VALUE : segments.length - firstWild;
        Path walkRoot = firstWild == 0 ? Path.of(".") : base;
        if (!Files.isDirectory(walkRoot)) {
            throw new UncheckedIOException(arg + ": no such file or directory", new NoSuchFileException(baseText));
        }
        TreeSet<Path> out = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(walkRoot, depth)) {
            walk.forEach(f -> {
                Path rel = walkRoot.relativize(f);
                if (rel.toString().isEmpty() || hidden(rel) || !(matcher.matches(rel) || top.matches(rel))) {
                    return;
                }
                Path named = base.resolve(rel);
                if (Files.isDirectory(f)) {
                    out.addAll(walk(named));
                } else if (Files.isRegularFile(f)) {
                    out.add(named);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new UncheckedIOException(arg + ": cannot list files (" + e.getMessage() + ")",
                    e instanceof IOException io ? io : ((UncheckedIOException) e).getCause());
        }
        if (out.isEmpty()) {
            throw new UncheckedIOException("no files match " + arg, new NoSuchFileException(arg));
        }
        return new ArrayList<>(out);
    }

    private static boolean hidden(Path rel) {
        for (Path part : rel) {
            if (part.toString().startsWith(".") && !part.toString().equals(".") && !part.toString().equals("..")) {
                return true;
            }
        }
        return false;
    }

    private static Path readable(Path file) {
        if (!Files.isReadable(file)) {
            throw new UncheckedIOException(file + ": permission denied",
                    new java.nio.file.AccessDeniedException(file.toString()));
        }
        return file;
    }
}
