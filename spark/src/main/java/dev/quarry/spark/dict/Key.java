package dev.quarry.spark.dict;

import dev.quarry.store.encoding.TermHash;
import java.io.Serializable;
import java.util.Arrays;

/**
 * Bytes as a Spark key: equal, hashed and ordered by content (unsigned, as RocksDB orders
 * keys), since a {@code byte[]} is compared by identity. Terms ({@link #term}), namespaces and index keys.
 */
public final class Key implements Comparable<Key>, Serializable {
    private static final long serialVersionUID = 1L;
    private final byte[] bytes;
    private transient int hash;

    public Key(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * The key of a term: its {@code TermHash} (16 bytes), then its term bytes. Sorted that way,
     * terms come in TERM2ID order (store format 5), so {@link GlobalIds} numbers them in that
     * order and {@link DictionaryFiles} writes both dictionary files in one pass.
     */
    public static Key term(byte[] termBytes) {
        byte[] k = new byte[TermHash.BYTES + termBytes.length];
        TermHash.write(termBytes, 0, termBytes.length, k, 0);
        System.arraycopy(termBytes, 0, k, TermHash.BYTES, termBytes.length);
        return new Key(k);
    }

    /** The bytes themselves, not a copy: do not change them. */
    public byte[] bytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Key k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(bytes);
            hash = h;
        }
        return h;
    }

    @Override
    public int compareTo(Key o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }
}
