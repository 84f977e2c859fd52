package dev.quarry.loader.prebuilt;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What a build wrote ({@code manifest.properties} in the build directory): the format, the
 * dictionary state it was numbered against, its counts, and every file with its checksum.
 *
 * @param storeFormat    the store format the files are in ({@code QuadStore.FORMAT_VERSION})
 * @param baseSequence   the store's next dictionary sequence when its dictionary was exported (1: a new store)
 * @param basePrefix     the store's next prefix id then (1: a new store)
 * @param baseTerms      the store's dictionary terms then (its STAT total; 0: a new store)
 * @param newTerms       dictionary terms the build adds (sequences {@code baseSequence ..})
 * @param newPrefixes    namespaces the build adds (prefix ids {@code basePrefix ..})
 * @param quads          distinct quads in the build
 * @param records        statements parsed, duplicates included (the loader's totalRecords)
 * @param parsingErrors  statements skipped as malformed
 * @param datatypeErrors literals skipped as not valid for their datatype
 * @param files          every file of the build, index and dictionary files and the statistics
 */
public record BuildManifest(int storeFormat, long baseSequence, int basePrefix, long baseTerms, long newTerms,
                            int newPrefixes, long quads, long records, long parsingErrors, long datatypeErrors,
                            List<FileEntry> files) {
    public static final String FILE_NAME = "manifest.properties";
    /** The version of this manifest and of the build directory's layout. */
    public static final int FORMAT = 1;
    /** The statistics file's kind ({@link BuildStats}); every other kind is an SST file to ingest. */
    public static final String STATS_KIND = "stats";

    /**
     * One file of the build.
     *
     * @param name     path relative to the build directory
     * @param kind     the key space ({@code spog} ... {@code gosp}, {@code term2id}, {@code id2term},
     *                 {@code prefix-by-id}, {@code prefix-by-name}) or {@link #STATS_KIND}
     * @param firstKey first key, hex (empty for the statistics file)
     * @param lastKey  last key, hex
     * @param sha256   of the file's bytes, hex
     */
    public record FileEntry(String name, String kind, long entries, long bytes, String firstKey, String lastKey,
                            String sha256) implements java.io.Serializable {}

    public BuildManifest {
        files = List.copyOf(files);
    }

    /** Writes the manifest as {@code key=value} lines (a Java properties file). */
    public void write(OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder("# Quarry build manifest: quarry ingest --store DIR BUILD_DIR\n");
        line(b, "quarry-build-format", FORMAT);
        line(b, "store-format", storeFormat);
        line(b, "base.sequence", baseSequence);
        line(b, "base.prefix", basePrefix);
        line(b, "base.terms", baseTerms);
        line(b, "new.terms", newTerms);
        line(b, "new.prefixes", newPrefixes);
        line(b, "quads", quads);
        line(b, "records", records);
        line(b, "errors.parsing", parsingErrors);
        line(b, "errors.datatype", datatypeErrors);
        line(b, "files", files.size());
        for (int i = 0; i < files.size(); i++) {
            FileEntry f = files.get(i);
            String k = "file." + i + ".";
            line(b, k + "name", f.name());
            line(b, k + "kind", f.kind());
            line(b, k + "entries", f.entries());
            line(b, k + "bytes", f.bytes());
            line(b, k + "first-key", f.firstKey());
            line(b, k + "last-key", f.lastKey());
            line(b, k + "sha256", f.sha256());
        }
        out.write(b.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void line(StringBuilder b, String key, Object value) {
        b.append(key).append('=').append(value).append('\n');
    }

    /**
     * Reads a manifest; {@code where} names it in errors.
     *
     * @throws PrebuiltException if it is not a manifest this build can read
     */
    public static BuildManifest read(InputStream in, String where) {
        Properties p = new Properties();
        try {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + where + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new PrebuiltException(where + ": not a build manifest (" + e.getMessage() + ")");
        }
        Fields f = new Fields(p, where);
        long format = f.number("quarry-build-format");
        if (format != FORMAT) {
            throw new PrebuiltException(where + ": build format " + format + ", this Quarry reads format " + FORMAT
                    + ": build again with the quarry-spark jar of this version");
        }
        int n = (int) f.number("files");
        List<FileEntry> files = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String k = "file." + i + ".";
            files.add(new FileEntry(f.text(k + "name"), f.text(k + "kind"), f.number(k + "entries"), f.number(k + "bytes"),
                    f.text(k + "first-key"), f.text(k + "last-key"), f.text(k + "sha256")));
        }
        return new BuildManifest((int) f.number("store-format"), f.number("base.sequence"), (int) f.number("base.prefix"),
                f.number("base.terms"), f.number("new.terms"), (int) f.number("new.prefixes"), f.number("quads"),
                f.number("records"), f.number("errors.parsing"), f.number("errors.datatype"), files);
    }

    /** The manifest's fields, each missing or malformed one a one-line error. */
    private record Fields(Properties p, String where) {
        String text(String key) {
            String v = p.getProperty(key);
            if (v == null) {
                throw new PrebuiltException(where + ": no '" + key + "' (not a complete Quarry build manifest)");
            }
            return v;
        }

        long number(String key) {
            String v = text(key);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new PrebuiltException(where + ": '" + key + "' is not a number: " + v);
            }
        }
    }
}
