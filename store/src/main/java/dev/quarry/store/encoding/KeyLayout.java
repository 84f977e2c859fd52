package dev.quarry.store.encoding;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Which bytes go on disk. The store keeps every key space in one RocksDB column
 * family, each under a one-byte tag, so that one ingest call with all the files of
 * a bulk load is atomic across indexes, dictionary and statistics.
 *
 * <pre>
 * tag   key                                   value
 * 0x00  META + name (ASCII)                   meta value (format version, id sequence, ...)
 * 0x01  SPOG + 4 x 8-byte big-endian ids      empty      (and 0x02..0x06 for POSG, OSPG, GSPO, GPOS, GOSP)
 * 0x10  ID2TERM + 8-byte id                   term bytes ({@link TermCodec})
 * 0x11  TERM2ID + 16-byte hash of term bytes   8-byte id ({@link TermHash})
 * 0x12  PREFIX_BY_ID + 4-byte prefix id       namespace IRI (UTF-8)
 * 0x13  PREFIX_BY_NAME + namespace (UTF-8)    4-byte prefix id
 * 0x20  STAT + kind byte + 8-byte id          8-byte count (kinds: g graph, p predicate,
 *                                             s / o distinct subjects / objects of a predicate, t totals)
 * 0x30  FEED + source name (UTF-8)            feed record (loader)
 * 0x31  JOB + job id (UTF-8)                  job record (endpoint loader API)
 * </pre>
 */
public final class KeyLayout {
    private KeyLayout() {}

    public static final byte TAG_META = 0x00;
    public static final byte TAG_SPOG = 0x01;
    public static final byte TAG_POSG = 0x02;
    public static final byte TAG_OSPG = 0x03;
    public static final byte TAG_GSPO = 0x04;
    public static final byte TAG_GPOS = 0x05;
    public static final byte TAG_GOSP = 0x06;
    public static final byte TAG_ID2TERM = 0x10;
    public static final byte TAG_TERM2ID = 0x11;
    public static final byte TAG_PREFIX_BY_ID = 0x12;
    public static final byte TAG_PREFIX_BY_NAME = 0x13;
    public static final byte TAG_STAT = 0x20;
    public static final byte TAG_FEED = 0x30;
    public static final byte TAG_JOB = 0x31;

    /** Stat kinds (second byte of a STAT key). */
    public static final byte STAT_GRAPH = 'g';
    public static final byte STAT_PREDICATE = 'p';
    /** Distinct subjects of a predicate's quads (all graphs). */
    public static final byte STAT_PREDICATE_SUBJECTS = 's';
    /** Distinct objects of a predicate's quads (all graphs). */
    public static final byte STAT_PREDICATE_OBJECTS = 'o';
    public static final byte STAT_TOTAL = 't';

    /** Ids under STAT_TOTAL. */
    public static final long TOTAL_QUADS = 0;
    public static final long TOTAL_TERMS = 1;

    /** Meta names. */
    public static final String META_FORMAT = "format";
    public static final String META_NEXT_ID = "next-id";

    public static final int QUAD_KEY_LENGTH = 1 + 4 * 8;
    public static final int TERM2ID_KEY_LENGTH = 1 + TermHash.BYTES;

    public static byte[] metaKey(String name) {
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        byte[] k = new byte[n.length + 1];
        k[0] = TAG_META;
        System.arraycopy(n, 0, k, 1, n.length);
        return k;
    }

    /** The index key of quad {@code (s, p, o, g)} in permutation {@code perm}. */
    public static byte[] quadKey(Permutation perm, long[] quad) {
        byte[] k = new byte[QUAD_KEY_LENGTH];
        writeQuadKey(perm, quad, k, 0);
        return k;
    }

    public static void writeQuadKey(Permutation perm, long[] quad, byte[] dst, int off) {
        dst[off] = perm.tag();
        for (int slot = 0; slot < 4; slot++) {
            putLong(dst, off + 1 + slot * 8, quad[perm.position(slot)]);
        }
    }

    /** The key of {@code perm} for ids already in its slot order ({@code slots[0]} first), as {@link #writeQuadKey} writes it. */
    public static void writeSlotKey(Permutation perm, long[] slots, byte[] dst) {
        dst[0] = perm.tag();
        for (int slot = 0; slot < 4; slot++) {
            putLong(dst, 1 + slot * 8, slots[slot]);
        }
    }

    /** Decodes an index key back into {@code (s, p, o, g)}. */
    public static void readQuadKey(Permutation perm, byte[] key, long[] quadOut) {
        for (int slot = 0; slot < 4; slot++) {
            quadOut[perm.position(slot)] = getLong(key, 1 + slot * 8);
        }
    }

    /** The scan prefix for a pattern: the tag and the leading bound ids. */
    public static byte[] quadPrefix(Permutation perm, long[] pattern) {
        int bound = perm.boundPrefix(pattern);
        byte[] k = new byte[1 + bound * 8];
        k[0] = perm.tag();
        for (int slot = 0; slot < bound; slot++) {
            putLong(k, 1 + slot * 8, pattern[perm.position(slot)]);
        }
        return k;
    }

    /** The scan prefix of graph {@code g}'s keys in a graph-first index (the tag and the graph id). */
    public static byte[] graphPrefix(Permutation perm, long g) {
        return quadPrefix(perm, new long[] {TermId.NONE, TermId.NONE, TermId.NONE, g});
    }

    /** {@code prefix} (a {@link #quadPrefix}) followed by one more 8-byte id. */
    public static byte[] extendedPrefix(byte[] prefix, long id) {
        byte[] k = java.util.Arrays.copyOf(prefix, prefix.length + 8);
        putLong(k, prefix.length, id);
        return k;
    }

    public static byte[] tagOnly(byte tag) {
        return new byte[] {tag};
    }

    public static byte[] id2termKey(long id) {
        byte[] k = new byte[9];
        k[0] = TAG_ID2TERM;
        putLong(k, 1, id);
        return k;
    }

    /** The TERM2ID key of a term: its tag and the {@link TermHash} of its term bytes ({@link TermCodec}). */
    public static byte[] term2idKey(byte[] termBytes) {
        return term2idKey(termBytes, 0, termBytes.length);
    }

    /** As {@link #term2idKey(byte[])}, for the term bytes {@code t[off, off + len)}. */
    public static byte[] term2idKey(byte[] t, int off, int len) {
        byte[] k = new byte[TERM2ID_KEY_LENGTH];
        k[0] = TAG_TERM2ID;
        TermHash.write(t, off, len, k, 1);
        return k;
    }

    /** The TERM2ID key of the term whose {@link TermHash} is ({@code high}, {@code low}). */
    public static byte[] term2idKey(long high, long low) {
        byte[] k = new byte[TERM2ID_KEY_LENGTH];
        k[0] = TAG_TERM2ID;
        putLong(k, 1, high);
        putLong(k, 9, low);
        return k;
    }

    public static byte[] prefixByIdKey(int prefixId) {
        byte[] k = new byte[5];
        k[0] = TAG_PREFIX_BY_ID;
        putInt(k, 1, prefixId);
        return k;
    }

    public static byte[] prefixByNameKey(String namespace) {
        return tagged(TAG_PREFIX_BY_NAME, namespace.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] statKey(byte kind, long id) {
        byte[] k = new byte[10];
        k[0] = TAG_STAT;
        k[1] = kind;
        putLong(k, 2, id);
        return k;
    }

    /** The key of a loader job record. */
    public static byte[] jobKey(String id) {
        return tagged(TAG_JOB, id.getBytes(StandardCharsets.UTF_8));
    }

    /** The job id of a {@link #jobKey}. */
    public static String jobId(byte[] key) {
        return new String(key, 1, key.length - 1, StandardCharsets.UTF_8);
    }

    public static byte[] tagged(byte tag, byte[] rest) {
        byte[] k = new byte[rest.length + 1];
        k[0] = tag;
        System.arraycopy(rest, 0, k, 1, rest.length);
        return k;
    }

    /** The smallest key greater than every key that starts with {@code prefix}, or null if none. */
    public static byte[] prefixEnd(byte[] prefix) {
        byte[] end = Arrays.copyOf(prefix, prefix.length);
        for (int i = end.length - 1; i >= 0; i--) {
            if (end[i] != (byte) 0xFF) {
                end[i]++;
                return Arrays.copyOf(end, i + 1);
            }
        }
        return null;
    }

    public static void putLong(byte[] b, int off, long v) {
        for (int i = 7; i >= 0; i--) {
            b[off + i] = (byte) v;
            v >>>= 8;
        }
    }

    public static long getLong(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }

    public static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    public static int getInt(byte[] b, int off) {
        return ((b[off] & 0xFF) << 24) | ((b[off + 1] & 0xFF) << 16) | ((b[off + 2] & 0xFF) << 8) | (b[off + 3] & 0xFF);
    }

    public static byte[] longBytes(long v) {
        byte[] b = new byte[8];
        putLong(b, 0, v);
        return b;
    }

    public static byte[] intBytes(int v) {
        byte[] b = new byte[4];
        putInt(b, 0, v);
        return b;
    }
}
