package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.error.StoreException;
import dev.quarry.store.error.StoreFormatException;
import dev.quarry.store.rocks.RocksKv;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A store directory's format version: the {@code quarry.store} marker file, what opening a
 * store of each version means, and the in-place upgrade from the previous format.
 */
final class StoreFormat {
    static final String MARKER = "quarry.store";
    private static final String MARKER_PARTIAL = MARKER + ".new";
    private static final String PREFIX = "quarry-store-format=";
    /** The oldest format {@link #upgrade} turns into this build's. */
    private static final int UPGRADABLE = 2;

    private StoreFormat() {}

    /** Whether {@code dir} holds a marker (whole: a half-written one does not count). */
    static boolean hasMarker(Path dir) {
        return Files.exists(dir.resolve(MARKER));
    }

    /** Empty, or holding only a marker that a crash left half-written. */
    static boolean isEmpty(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.allMatch(p -> p.getFileName().toString().equals(MARKER_PARTIAL));
        }
    }

    /** Refuses a store whose marker is damaged or of another version than this build's, saying what to do. */
    static void check(Path dir) throws IOException {
        int version = read(dir);
        if (version >= UPGRADABLE && version < QuadStore.FORMAT_VERSION) {
            throw new StoreFormatException(dir + " is a Quarry store of format " + version
                    + ", older than this build's format " + QuadStore.FORMAT_VERSION + ": run 'quarry upgrade --store " + dir
                    + "' (it rewrites in place what changed, no reload), or reload the data into a new store");
        }
        if (version < QuadStore.FORMAT_VERSION) {
            throw new StoreFormatException(dir + " is a Quarry store of format " + version
                    + ", older than this build's format " + QuadStore.FORMAT_VERSION + ": reload the data into a new store");
        }
        if (version > QuadStore.FORMAT_VERSION) {
            throw new StoreFormatException(dir + " is a Quarry store of format " + version
                    + ", newer than this build's format " + QuadStore.FORMAT_VERSION + ": use a newer Quarry");
        }
    }

    private static int read(Path dir) throws IOException {
        String text = Files.readString(dir.resolve(MARKER)).trim();
        try {
            if (text.startsWith(PREFIX)) {
                return Integer.parseInt(text.substring(PREFIX.length()).trim());
            }
        } catch (NumberFormatException e) {
            // damaged, as below
        }
        throw new StoreFormatException(dir + " has a damaged " + MARKER + " file: '" + text + "'");
    }

    /**
     * Writes this build's marker durably: a crash leaves either no marker (and the directory
     * counts as empty) or a whole one, never a torn one.
     */
    static void write(Path dir) throws IOException {
        write(dir, QuadStore.FORMAT_VERSION);
    }

    /** As {@link #write(Path)}, for format {@code version} (an upgrade's step). */
    private static void write(Path dir, int version) throws IOException {
        Path partial = dir.resolve(MARKER_PARTIAL);
        try (FileChannel ch = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap((PREFIX + version + "\n").getBytes(StandardCharsets.US_ASCII)));
            ch.force(true);
        }
        Files.move(partial, dir.resolve(MARKER), StandardCopyOption.ATOMIC_MOVE);
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true); // the rename itself must reach the disk
        } catch (IOException ignored) {
            // some platforms cannot open a directory; the rename is still atomic
        }
    }

    /** See {@link QuadStore#upgrade(Path, LongConsumer)}. */
    static boolean upgrade(Path dir, LongConsumer termsRewritten) {
        try {
            if (!Files.isRegularFile(dir.resolve(MARKER))) {
                throw new StoreFormatException(dir + " is not a Quarry store (no " + MARKER + " file)");
            }
            int version = read(dir);
            if (version == QuadStore.FORMAT_VERSION) {
                return false;
            }
            if (version < UPGRADABLE || version > QuadStore.FORMAT_VERSION) {
                check(dir); // the message of that version
            }
            try (RocksKv kv = RocksKv.open(dir.resolve("db"), 8L << 20, true)) {
                long rewritten = 0;
                if (version == 2) {
                    dropDefaultGraphFromGraphFirstIndexes(kv);
                }
                if (version <= 3) {
                    rewritten = TermKeyUpgrade.run(kv, termsRewritten);
                    write(dir, 4); // a killed step 4 to 5 starts over from here: format 3's step needs format-4 TERM2ID keys
                }
                TermHashUpgrade.run(kv, rewritten, termsRewritten);
            }
            write(dir);
            return true;
        } catch (IOException e) {
            throw new StoreException("cannot upgrade store " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Format 2 to 3: the default graph's triples leave the graph-first indexes, one atomic
     * range delete per index, their files dropped or compacted away.
     */
    private static void dropDefaultGraphFromGraphFirstIndexes(RocksKv kv) {
        List<byte[][]> ranges = new ArrayList<>();
        for (Permutation perm : Permutation.values()) {
            if (!perm.holds(TermId.DEFAULT_GRAPH)) {
                ranges.add(new byte[][] {KeyLayout.graphPrefix(perm, TermId.DEFAULT_GRAPH),
                    KeyLayout.graphPrefix(perm, TermId.DEFAULT_GRAPH + 1)});
            }
        }
        kv.deleteRanges(ranges, List.of());
        kv.deleteFilesUnder(ranges);
        kv.reclaim(ranges);
    }
}
