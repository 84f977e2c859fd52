package dev.quarry.loader.encode;

import dev.quarry.store.encoding.TermId;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;

/**
 * One spilled run of a dictionary shard: new terms sorted by their bytes, each with its id.
 * Point lookups go through a Bloom filter (10 bits a term) and a sparse index (every
 * {@link #INDEX_EVERY}th key) kept in heap, then one positional read of at most one index
 * interval. File entries: {@code varint(len) bytes id(8)}.
 */
final class TermRunFile {
    static final int INDEX_EVERY = 32;

    private final Path file;
    private final long[] bloom;
    private final byte[][] indexKeys;
    private final long[] indexOffsets;
    private final long size;
    private final int count;
    private FileChannel channel; // opened on the first lookup; used under the shard's lock

    private TermRunFile(Path file, long[] bloom, byte[][] indexKeys, long[] indexOffsets, long size, int count) {
        this.file = file;
        this.bloom = bloom;
        this.indexKeys = indexKeys;
        this.indexOffsets = indexOffsets;
        this.size = size;
        this.count = count;
    }

    /** Entries in the order given (sorted by bytes); {@code arena} holds them at {@code sorted}. */
    static TermRunFile write(Path file, TermArena arena, int[] sorted, int n) {
        return write(file, new TermCursor() {
            int i = -1;

            @Override
            public boolean next() {
                return ++i < n;
            }

            @Override
            public byte[] term() {
                int e = sorted[i];
                return Arrays.copyOfRange(arena.bytes(e), arena.start(e), arena.start(e) + arena.length(e));
            }

            @Override
            public long id() {
                return arena.id(sorted[i]);
            }

            @Override
            public void close() {}
        }, n);
    }

    /** Merges runs of one shard (disjoint terms) into one, so lookups never check more than a few runs. */
    static TermRunFile merge(Path file, List<TermRunFile> runs) {
        int n = 0;
        List<TermCursor> cursors = new java.util.ArrayList<>();
        for (TermRunFile r : runs) {
            n += r.count;
            cursors.add(r.cursor());
        }
        try (TermCursor merged = new MergedCursor(cursors, MergedCursor.BY_TERM)) {
            return write(file, merged, n);
        }
    }

    private static TermRunFile write(Path file, TermCursor entries, int n) {
        long[] bloom = new long[Math.max(1, (int) ((n * 10L + BLOCK_BITS - 1) / BLOCK_BITS)) * BLOCK_LONGS];
        int indexSize = (n + INDEX_EVERY - 1) / INDEX_EVERY;
        byte[][] keys = new byte[indexSize][];
        long[] offsets = new long[indexSize];
        long pos = 0;
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            for (int i = 0; i < n && entries.next(); i++) {
                byte[] t = entries.term();
                if (i % INDEX_EVERY == 0) {
                    keys[i / INDEX_EVERY] = t;
                    offsets[i / INDEX_EVERY] = pos;
                }
                addToBloom(bloom, ByteHash.hash(t, 0, t.length));
                pos += writeVarInt(out, t.length);
                out.write(t);
                out.writeLong(entries.id());
                pos += t.length + 8;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill dictionary run " + file + ": " + e.getMessage(), e);
        }
        return new TermRunFile(file, bloom, keys, offsets, pos, n);
    }

    void delete() {
        close();
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // scratch file, deleted with the load
        }
    }

    int count() {
        return count;
    }

    long heapBytes() {
        long b = bloom.length * 8L + indexOffsets.length * 8L;
        for (byte[] k : indexKeys) {
            b += k.length + 16;
        }
        return b;
    }

    /** Whether the term with this hash may be in this run (its Bloom filter lets it through). */
    boolean mayHold(long hash) {
        return mayContain(bloom, hash);
    }

    /** The id of the term, or {@link TermId#NONE} if this run does not hold it. */
    long find(byte[] t, int off, int len, long hash) {
        if (!mayContain(bloom, hash)) {
            return TermId.NONE;
        }
        int lo = 0, hi = indexKeys.length - 1, at = -1;
        while (lo <= hi) { // last index key <= t
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(indexKeys[mid], 0, indexKeys[mid].length, t, off, off + len);
            if (c <= 0) {
                at = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (at < 0) {
            return TermId.NONE;
        }
        long from = indexOffsets[at];
        long to = at + 1 < indexOffsets.length ? indexOffsets[at + 1] : size;
        ByteBuffer buf = ByteBuffer.allocate((int) (to - from));
        try {
            if (channel == null) {
                channel = FileChannel.open(file, StandardOpenOption.READ);
            }
            while (buf.hasRemaining()) {
                if (channel.read(buf, from + buf.position()) < 0) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read dictionary run " + file + ": " + e.getMessage(), e);
        }
        byte[] a = buf.array();
        int p = 0;
        while (p < a.length) {
            int l = 0, shift = 0, b;
            do {
                b = a[p++];
                l |= (b & 0x7F) << shift;
                shift += 7;
            } while (b < 0);
            int c = Arrays.compareUnsigned(a, p, p + l, t, off, off + len);
            if (c == 0) {
                return ByteBuffer.wrap(a, p + l, 8).getLong();
            }
            if (c > 0) {
                return TermId.NONE;
            }
            p += l + 8;
        }
        return TermId.NONE;
    }

    /** Reads the whole run in order, for the final merge. */
    TermCursor cursor() {
        try {
            DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
            return new TermCursor() {
                int left = count;
                byte[] term;
                long id;

                @Override
                public boolean next() {
                    if (left == 0) {
                        return false;
                    }
                    left--;
                    try {
                        int l = 0, shift = 0, b;
                        do {
                            b = in.readByte();
                            l |= (b & 0x7F) << shift;
                            shift += 7;
                        } while (b < 0);
                        term = in.readNBytes(l);
                        id = in.readLong();
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read dictionary run " + file + ": " + e.getMessage(), e);
                    }
                    return true;
                }

                @Override
                public byte[] term() {
                    return term;
                }

                @Override
                public long id() {
                    return id;
                }

                @Override
                public void close() {
                    try {
                        in.close();
                    } catch (IOException ignored) {
                        // read-only scratch file
                    }
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open dictionary run " + file + ": " + e.getMessage(), e);
        }
    }

    void close() {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // scratch file, deleted with the load
        }
    }

    static int writeVarInt(DataOutputStream out, int v) throws IOException {
        int n = 1;
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
            n++;
        }
        out.write(v);
        return n;
    }

    /*
     * The Bloom filter is blocked: a term's five bits lie in one 512-bit block (a cache line),
     * chosen by the low half of its hash; the bits come from a remix of the hash (the shard took
     * its high bits, which are the same for all its terms). Bits spread over the whole filter
     * cost up to five cache misses (and divisions) a run for every term looked up and not in
     * memory, and at 100 M quads a shard has up to eight runs: the filter checks took 11.5 of
     * that load's CPU-s, 9.0 blocked. The blocked filter's false positive rate at 10 bits a term
     * is about 1 % against 0.9 % (TermRunFileTest bounds it).
     */
    private static final int BLOCK_LONGS = 8;
    private static final int BLOCK_BITS = BLOCK_LONGS * 64;

    private static int block(long[] bits, long hash) {
        long blocks = bits.length / BLOCK_LONGS;
        return (int) (((hash & 0xFFFF_FFFFL) * blocks) >>> 32) * BLOCK_LONGS;
    }

    private static long bitSource(long hash) {
        long x = hash * 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 31);
    }

    private static void addToBloom(long[] bits, long hash) {
        int block = block(bits, hash);
        long r = bitSource(hash);
        for (int i = 0; i < 5; i++, r >>>= 9) {
            int bit = (int) r & (BLOCK_BITS - 1);
            bits[block + (bit >>> 6)] |= 1L << bit;
        }
    }

    private static boolean mayContain(long[] bits, long hash) {
        int block = block(bits, hash);
        long r = bitSource(hash);
        for (int i = 0; i < 5; i++, r >>>= 9) {
            int bit = (int) r & (BLOCK_BITS - 1);
            if ((bits[block + (bit >>> 6)] & (1L << bit)) == 0) {
                return false;
            }
        }
        return true;
    }
}
