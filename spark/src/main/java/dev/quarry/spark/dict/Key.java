package dev.quarry.spark.dict;

import java.io.Serializable;
import java.util.Arrays;

/**
 * Bytes as a Spark key: equal, hashed and ordered by content (unsigned, as RocksDB orders
 * keys), since a {@code byte[]} is compared by identity. Term bytes, namespaces and index keys.
 */
public final class Key implements Comparable<Key>, Serializable {
    private static final long serialVersionUID = 1L;
    private final byte[] bytes;
    private transient int hash;

    public Key(byte[] bytes) {
        this.bytes = bytes;
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
