package dev.quarry.store.dict;

import java.util.Arrays;

/**
 * The namespaces created through one {@link PrefixDictionary} since its store opened, as Bloom
 * filters, for a store that had none then: while every namespace in the store went through that
 * dictionary, a name these filters never saw is new without reading the store. The first load
 * into a store creates most of its namespaces; each had cost a point read of a key that did not
 * exist (BSBM, where an IRI ending in '/' is a namespace of its own: 1.4 M reads, ~4 % of the
 * 25 M-triple load's CPU, async-profiler). Filters double in capacity as they fill (8 bits a
 * name); past {@link #MAX_NAMES} names, or once namespaces reach the store another way
 * ({@link #giveUp}), the filters are dropped and every miss reads the store again.
 * The dictionary adds under its lock and re-checks under it what {@link #surelyAbsent} said without:
 * a read racing an add may miss its bits, never fail.
 * Hand-written rather than commons-collections4's {@code LayeredBloomFilter} (on the classpath
 * through Jena): that API builds a hasher object per name asked, and this is asked once per
 * new IRI of a load; here a check is one hash and six bit tests over plain arrays, read without
 * a lock.
 */
final class CreatedNamespaces {
    static final int MAX_NAMES = 1 << 24;
    private static final int FIRST_CAPACITY = 1 << 16;
    private static final int HASHES = 6;

    /** Replaced, not changed, when a filter is added: read without the lock. */
    private volatile long[][] filters = new long[0][];
    private int capacity; // of the last filter
    private int inLast;
    private long names;
    private volatile boolean complete;

    /** @param storeHasNone whether the store held no namespace when it opened */
    CreatedNamespaces(boolean storeHasNone) {
        complete = storeHasNone;
    }

    /** Whether {@code namespace} was surely never created (so is not in the store); false when unsure. */
    boolean surelyAbsent(String namespace) {
        if (!complete) {
            return false;
        }
        long h = hash(namespace);
        for (long[] f : filters) {
            if (mayContain(f, h)) {
                return false;
            }
        }
        return true;
    }

    void add(String namespace) {
        if (!complete) {
            return;
        }
        if (++names > MAX_NAMES) {
            giveUp();
            return;
        }
        long[][] all = filters;
        if (all.length == 0 || inLast == capacity) {
            capacity = all.length == 0 ? FIRST_CAPACITY : capacity * 2;
            all = Arrays.copyOf(all, all.length + 1);
            all[all.length - 1] = new long[capacity / 8]; // 8 bits a name: a power of two, masked
            filters = all;
            inLast = 0;
        }
        long[] f = all[all.length - 1];
        long h = hash(namespace);
        long m = f.length * 64L - 1;
        int h1 = (int) h, h2 = (int) (h >>> 32);
        for (int i = 0; i < HASHES; i++) {
            long bit = (h1 + i * h2) & m;
            f[(int) (bit >>> 6)] |= 1L << bit;
        }
        inLast++;
    }

    /** Namespaces reach the store another way (a prebuilt ingest), or too many to filter: read on every miss. */
    void giveUp() {
        complete = false;
        filters = new long[0][];
    }

    private static boolean mayContain(long[] f, long h) {
        long m = f.length * 64L - 1;
        int h1 = (int) h, h2 = (int) (h >>> 32);
        for (int i = 0; i < HASHES; i++) {
            long bit = (h1 + i * h2) & m;
            if ((f[(int) (bit >>> 6)] & (1L << bit)) == 0) {
                return false;
            }
        }
        return true;
    }

    private static long hash(String s) {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        return h ^ (h >>> 33);
    }
}
