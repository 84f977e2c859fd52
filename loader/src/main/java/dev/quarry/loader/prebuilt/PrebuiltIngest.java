package dev.quarry.loader.prebuilt;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.SstFiles;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Ingests a build directory into a store: checks the manifest (format, every file's size and
 * checksum) and that the store's dictionary is still the one the build numbered its terms
 * against, then commits every file in ONE {@code ingestExternalFile} through a
 * {@link BulkSession} (the store has all of the build or, if this fails or the process dies
 * before the commit, none of it). Statistics, the id sequence and the term count go with the
 * commit, as for a load.
 *
 * <p>Into a store with quads, duplicates are handled as the loader handles them: the build's
 * SPOG files are walked along the committed SPOG index, and only quads new to the store count
 * (per graph and predicate, and their (s, p) pairs); the (p, o) pairs are the build's, as the
 * loader's POSG merge counts them over all its quads. Quads already stored are ingested again,
 * which changes nothing (the same key).
 */
public final class PrebuiltIngest {
    /**
     * What an ingest added.
     *
     * @param files    SST files ingested
     * @param quads    distinct quads in the build
     * @param newQuads quads the store did not have
     * @param newTerms dictionary terms added
     */
    public record Result(int files, long quads, long newQuads, long newTerms) {}

    private PrebuiltIngest() {}

    /** Reads and checks {@code buildDir}'s manifest, then ingests it into {@code store}. */
    public static Result ingest(QuadStore store, Path buildDir) {
        BuildManifest m = checkedManifest(buildDir);
        List<Path> ssts = new ArrayList<>();
        List<Path> spog = new ArrayList<>();
        BuildStats stats = null;
        for (BuildManifest.FileEntry f : m.files()) {
            Path p = buildDir.resolve(f.name());
            if (f.kind().equals(BuildManifest.STATS_KIND)) {
                stats = readStats(p);
            } else {
                ssts.add(p);
                if (f.kind().equals(Permutation.SPOG.name().toLowerCase(java.util.Locale.ROOT))) {
                    spog.add(p);
                }
            }
        }
        if (stats == null) {
            throw new PrebuiltException(buildDir + ": the manifest lists no statistics file (not a complete build)");
        }
        try (BulkSession session = store.beginBulk()) {
            checkDictionary(store, session, m, buildDir);
            long first = session.reserveIds(m.newTerms());
            int firstPrefix = store.prefixes().reserve(m.newPrefixes());
            if (TermId.sequence(first) != m.baseSequence() || firstPrefix != m.basePrefix()) {
                throw new IllegalStateException("ids reserved at " + first + "/" + firstPrefix + ", build numbered from "
                        + m.baseSequence() + "/" + m.basePrefix()); // the check above holds the writer lock: cannot happen
            }
            long newQuads = session.isEmpty() ? countAll(session, stats) : countNew(session, stats, spog);
            session.countTerms(m.newTerms());
            session.commit(ssts);
            return new Result(ssts.size(), m.quads(), newQuads, m.newTerms());
        }
    }

    /** The manifest of {@code buildDir}, after checking the format and every file's size and SHA-256. */
    public static BuildManifest checkedManifest(Path buildDir) {
        Path mf = buildDir.resolve(BuildManifest.FILE_NAME);
        BuildManifest m;
        try (InputStream in = Files.newInputStream(mf)) {
            m = BuildManifest.read(in, mf.toString());
        } catch (NoSuchFileException e) {
            throw new PrebuiltException(buildDir + ": no " + BuildManifest.FILE_NAME
                    + " (not a Quarry build directory, or the build did not finish)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + mf + ": " + e.getMessage(), e);
        }
        if (m.storeFormat() != QuadStore.FORMAT_VERSION) {
            throw new PrebuiltException(buildDir + ": built for store format " + m.storeFormat() + ", this Quarry writes format "
                    + QuadStore.FORMAT_VERSION + ": build again with the quarry-spark jar of this version");
        }
        List<BuildManifest.FileEntry> ssts = m.files().stream().filter(f -> !f.kind().equals(BuildManifest.STATS_KIND)).toList();
        if (!ssts.isEmpty() && ssts.stream().noneMatch(f -> Files.exists(buildDir.resolve(f.name())))) {
            throw new PrebuiltException(buildDir + ": its files have been ingested already (an ingest moves them into the store)");
        }
        for (BuildManifest.FileEntry f : m.files()) {
            Path p = buildDir.resolve(f.name());
            try {
                long size = Files.size(p);
                if (size != f.bytes()) {
                    throw new PrebuiltException(p + ": " + size + " bytes, the manifest says " + f.bytes()
                            + " (damaged or incomplete copy of the build)");
                }
                if (!sha256(p).equals(f.sha256())) {
                    throw new PrebuiltException(p + ": SHA-256 differs from the manifest's (damaged copy of the build)");
                }
            } catch (NoSuchFileException e) {
                throw new PrebuiltException(p + ": missing (the manifest lists it: incomplete copy of the build)");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + p + ": " + e.getMessage(), e);
            }
        }
        return m;
    }

    /** Refuses a store whose dictionary is not the one the build was numbered against. */
    private static void checkDictionary(QuadStore store, BulkSession session, BuildManifest m, Path buildDir) {
        byte[] t = session.committedValue(KeyLayout.statKey(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_TERMS));
        DictionarySnapshot now = new DictionarySnapshot(store.dictionary().nextSequence(), store.prefixes().size() + 1,
                t == null ? 0 : KeyLayout.getLong(t, 0));
        DictionarySnapshot built = new DictionarySnapshot(m.baseSequence(), m.basePrefix(), m.baseTerms());
        if (!now.equals(built)) {
            String against = built.equals(DictionarySnapshot.NEW_STORE) ? "a new, empty store"
                    : "a dictionary export with next id " + built.nextSequence() + ", next prefix " + built.nextPrefix()
                            + " and " + built.terms() + " terms";
            throw new PrebuiltException(buildDir + " was built against " + against + ", but " + store.directory()
                    + " now has next id " + now.nextSequence() + ", next prefix " + now.nextPrefix() + " and " + now.terms()
                    + " terms: run 'quarry export-dictionary' on the store and build again with --dictionary");
        }
    }

    /** Into a store without quads every quad of the build is new: its statistics as they are. */
    private static long countAll(BulkSession session, BuildStats stats) {
        stats.quads().forEach((gp, n) -> session.countQuads(gp.graph(), gp.predicate(), n));
        stats.subjects().forEach((p, n) -> session.countDistinct(p, n, 0));
        stats.objects().forEach((p, n) -> session.countDistinct(p, 0, n));
        return stats.totalQuads();
    }

    /**
     * Into a store with quads: walks the build's SPOG files (disjoint key ranges, in key order)
     * along the committed index, counting only new quads and the (s, p) pairs that have one.
     */
    private static long countNew(BulkSession session, BuildStats stats, List<Path> spogFiles) {
        BuildStats fresh = new BuildStats();
        long[] quad = new long[4];
        long[] pair = {0, 0, 0}; // s, p, any
        long[] added = {0};
        List<Path> ordered = new ArrayList<>(spogFiles);
        ordered.sort(java.util.Comparator.comparing(p -> p.getFileName().toString()));
        try (BulkSession.CommittedQuads committed = session.committedQuads()) {
            for (Path f : ordered) {
                SstFiles.forEachKey(f, key -> {
                    KeyLayout.readQuadKey(Permutation.SPOG, key, quad);
                    if (committed.contains(quad)) {
                        return;
                    }
                    added[0]++;
                    fresh.addQuads(quad[Permutation.G], quad[Permutation.P], 1);
                    if (pair[2] == 0 || pair[0] != quad[Permutation.S] || pair[1] != quad[Permutation.P]) {
                        pair[0] = quad[Permutation.S];
                        pair[1] = quad[Permutation.P];
                        pair[2] = 1;
                        fresh.addSubjects(quad[Permutation.P], 1);
                    }
                });
            }
        }
        fresh.quads().forEach((gp, n) -> session.countQuads(gp.graph(), gp.predicate(), n));
        fresh.subjects().forEach((p, n) -> session.countDistinct(p, n, 0));
        stats.objects().forEach((p, n) -> session.countDistinct(p, 0, n));
        return added[0];
    }

    private static BuildStats readStats(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            return BuildStats.read(in, p.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    /** SHA-256 of a file, hex. */
    public static String sha256(Path p) throws IOException {
        try (InputStream in = Files.newInputStream(p)) {
            return sha256(in);
        }
    }

    /** SHA-256 of a stream's bytes, hex. */
    public static String sha256(InputStream in) throws IOException {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) > 0; ) {
            d.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(d.digest());
    }
}
