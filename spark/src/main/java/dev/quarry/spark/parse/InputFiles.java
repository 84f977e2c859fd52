package dev.quarry.spark.parse;

import dev.quarry.loader.input.RdfFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The input files: each {@code --input} a file, a directory (read recursively) or a glob on any
 * Hadoop file system. N-Quads, N-Triples, Turtle and TriG (by name, as the loader names formats),
 * plain, gzip or bzip2. N-Quads and N-Triples are read with Hadoop's Java codecs (plain and bzip2
 * files are split across tasks, gzip is one task a file); a Turtle or TriG file is never split:
 * one task reads it whole ({@link WholeFileParser}). A file named directly in another format is
 * an error; one found in a directory is skipped (dumps come with READMEs and checksums).
 */
public final class InputFiles {
    private static final List<String> CODECS = List.of("", ".gz", ".bz2");

    /** The files found, qualified, in the order given (a directory's or glob's sorted), and what was skipped. */
    public record Found(List<String> files, List<String> skipped) {}

    private InputFiles() {}

    public static Found expand(List<String> inputs, Configuration conf) {
        List<String> files = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (String input : inputs) {
            try {
                Path p = new Path(input);
                FileSystem fs = p.getFileSystem(conf);
                FileStatus[] matches = fs.globStatus(p);
                if (matches == null || matches.length == 0) {
                    throw new IllegalArgumentException(input + ": no such file or directory");
                }
                for (FileStatus st : matches) {
                    if (st.isDirectory()) {
                        List<String> inDir = new ArrayList<>();
                        RemoteIterator<LocatedFileStatus> it = fs.listFiles(st.getPath(), true);
                        while (it.hasNext()) {
                            String f = it.next().getPath().toString();
                            (readable(f) == null ? inDir : skipped).add(f);
                        }
                        inDir.sort(null);
                        files.addAll(inDir);
                    } else {
                        String f = st.getPath().toString();
                        String why = readable(f);
                        if (why != null) {
                            throw new IllegalArgumentException(f + ": " + why);
                        }
                        files.add(f);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(input + ": " + e.getMessage(), e);
            }
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no N-Quads, N-Triples, Turtle or TriG file in " + String.join(", ", inputs));
        }
        return new Found(files, skipped);
    }

    /** Whether the file (one the build reads) is read whole by one task: Turtle and TriG. */
    public static boolean wholeFile(String file) {
        RdfFormat f = RdfFormat.byFileName(file.substring(file.lastIndexOf('/') + 1)).orElse(null);
        return f == RdfFormat.TURTLE || f == RdfFormat.TRIG;
    }

    /** Null if the build reads this file, else why not. */
    static String readable(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        RdfFormat f = RdfFormat.byFileName(name).orElse(null);
        List<String> bases = f == null ? List.of() : switch (f) {
            case NQUADS -> List.of(".nq", ".nquads");
            case NTRIPLES -> List.of(".nt", ".ntriples");
            case TURTLE -> List.of(".ttl", ".turtle");
            case TRIG -> List.of(".trig");
            default -> List.of();
        };
        if (bases.isEmpty()) {
            return "quarry-spark reads N-Quads (.nq), N-Triples (.nt), Turtle (.ttl) and TriG (.trig) files only; load "
                    + (f == null ? "other files" : f.name()) + " with 'quarry load'";
        }
        for (String base : bases) {
            for (String codec : CODECS) {
                if (name.endsWith(base + codec)) {
                    return null;
                }
            }
        }
        return "compressed in a way the Spark build does not read: plain, .gz and .bz2 only (recompress, or use 'quarry load')";
    }
}
