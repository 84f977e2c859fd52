package dev.quarry.spark.output;

import dev.quarry.loader.prebuilt.BuildManifest;
import dev.quarry.loader.prebuilt.PrebuiltIngest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The build's output directory on any Hadoop file system (HDFS, S3A, local...). Tasks write
 * their files locally, then copy each here under its final name; the manifest comes last, so a
 * directory without one is an unfinished build.
 */
public final class OutputDir implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String uri;

    public OutputDir(String uri) {
        this.uri = uri;
    }

    public String uri() {
        return uri;
    }

    private FileSystem fs() throws IOException {
        return new Path(uri).getFileSystem(new Configuration());
    }

    /** Creates the directory; fails with a one-line message if it exists and is not empty. */
    public void create() {
        try {
            FileSystem fs = fs();
            Path p = new Path(uri);
            if (fs.exists(p) && (!fs.getFileStatus(p).isDirectory() || fs.listStatus(p).length > 0)) {
                throw new IllegalArgumentException("--output " + uri + " exists and is not an empty directory: give a new one");
            }
            fs.mkdirs(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + uri + ": " + e.getMessage(), e);
        }
    }

    /** Moves a finished local file to {@code name} here; returns its manifest entry. */
    public BuildManifest.FileEntry put(java.nio.file.Path local, String name, String kind, long entries, String firstKey,
                                       String lastKey) {
        try {
            String sha;
            try (InputStream in = Files.newInputStream(local)) {
                sha = PrebuiltIngest.sha256(in);
            }
            long bytes = Files.size(local);
            fs().copyFromLocalFile(true, true, new Path(local.toUri()), new Path(uri, name));
            return new BuildManifest.FileEntry(name, kind, entries, bytes, firstKey, lastKey, sha);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + uri + "/" + name + ": " + e.getMessage(), e);
        }
    }

    /** Writes {@code name} here from what {@code writer} writes. */
    public void write(String name, Writer writer) {
        try (OutputStream out = fs().create(new Path(uri, name), true)) {
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + uri + "/" + name + ": " + e.getMessage(), e);
        }
    }

    /** Writes a file's bytes to a stream. */
    @FunctionalInterface
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }
}
