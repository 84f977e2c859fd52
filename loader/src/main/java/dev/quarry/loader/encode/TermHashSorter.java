package dev.quarry.loader.encode;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The (term hash, id) records of a load's new terms, handed out sorted by hash: the TERM2ID
 * file's order (store format 5). Within its budget it sorts them in memory; past it, it first
 * splits them by the hash's top bits into bucket files in the scratch directory and then sorts
 * one bucket at a time (the hashes are uniform, so the buckets are even). Two records with one
 * hash are two terms the store cannot tell apart: the load fails.
 */
final class TermHashSorter implements AutoCloseable {
    /** Bytes of one record: two longs of hash, one of id. */
    static final int RECORD_BYTES = 24;
    /** Heap per record while sorting: the records and their copy in digit order. */
    private static final int SORT_BYTES = 2 * RECORD_BYTES;
    /** At most 4 M digits (a 16 MB count array) for the counting sort. */
    private static final int MAX_DIGIT_BITS = 22;
    /** Runs up to this long are sorted by insertion. */
    private static final int SHORT_RUN = 16;
    private static final int MAX_BUCKET_BITS = 8;

    /** Receives the records in increasing unsigned hash order. */
    @FunctionalInterface
    interface Sink {
        void accept(long high, long low, long id);
    }

    private final Path scratch;
    private final int bucketBits;
    private final int[] bucketCounts;
    private final DataOutputStream[] buckets;
    /** The records while they are in memory: the hash's two halves and the id. */
    private long[] high;
    private long[] low;
    private long[] ids;
    private int size;

    /**
     * @param scratch     where bucket files go
     * @param count       how many records will be added
     * @param budgetBytes heap for the records of one sort
     */
    TermHashSorter(Path scratch, long count, long budgetBytes) {
        this.scratch = scratch;
        int bits = 0;
        while (bits < MAX_BUCKET_BITS && (count >> bits) * SORT_BYTES > budgetBytes) {
            bits++;
        }
        if (bits > 0 && bits < MAX_BUCKET_BITS) {
            bits++; // margin: a bucket may hold a few more than its share
        }
        this.bucketBits = bits;
        this.bucketCounts = new int[1 << bits];
        this.buckets = new DataOutputStream[1 << bits];
        if (bits == 0) {
            allocate(Math.toIntExact(count));
        }
    }

    private void allocate(int n) {
        high = new long[n];
        low = new long[n];
        ids = new long[n];
        size = 0;
    }

    void add(long hashHigh, long hashLow, long id) {
        if (bucketBits == 0) {
            if (size == high.length) {
                throw new IllegalStateException("more term hashes than announced: " + high.length);
            }
            put(hashHigh, hashLow, id);
            return;
        }
        int b = (int) (hashHigh >>> (64 - bucketBits));
        try {
            if (buckets[b] == null) {
                buckets[b] = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(bucket(b)), 1 << 14));
            }
            buckets[b].writeLong(hashHigh);
            buckets[b].writeLong(hashLow);
            buckets[b].writeLong(id);
            bucketCounts[b]++;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + bucket(b) + ": " + e.getMessage(), e);
        }
    }

    private void put(long hashHigh, long hashLow, long id) {
        high[size] = hashHigh;
        low[size] = hashLow;
        ids[size] = id;
        size++;
    }

    private Path bucket(int b) {
        return scratch.resolve("term-hashes-" + b + ".bin");
    }

    /** Hands every record to {@code sink} in hash order; fails on two records with one hash. */
    void forEachSorted(Sink sink) {
        if (bucketBits == 0) {
            sortAndEmit(sink);
            return;
        }
        for (int b = 0; b < buckets.length; b++) {
            if (buckets[b] == null) {
                continue;
            }
            try {
                buckets[b].close();
                buckets[b] = null;
                allocate(bucketCounts[b]);
                try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(bucket(b)), 1 << 16))) {
                    for (int i = 0; i < bucketCounts[b]; i++) {
                        put(in.readLong(), in.readLong(), in.readLong());
                    }
                }
                Files.delete(bucket(b));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + bucket(b) + ": " + e.getMessage(), e);
            }
            sortAndEmit(sink);
        }
    }

    private void sortAndEmit(Sink sink) {
        distributeByDigit();
        for (int i = 0; i < size; i++) {
            if (i > 0 && high[i] == high[i - 1] && low[i] == low[i - 1]) {
                throw new IllegalStateException("two new terms (ids " + ids[i - 1] + " and " + ids[i]
                        + ") have the same 128-bit dictionary hash: the store cannot keep both (a hash collision; nothing was written)");
            }
            sink.accept(high[i], low[i], ids[i]);
        }
        high = low = ids = null;
    }

    /**
     * Sorts the records: a counting sort by the hash bits after the bucket's, as many as make a
     * run of one digit about four records long, then each run on its own. The hashes are
     * uniform, so a run is sorted by insertion; a long one (hashes made to share their first
     * bits) gets the quicksort. Measured at BSBM 5 M (1.3 M records): the quicksort alone took a
     * quarter of writing TERM2ID, and C2 compiled it three times (170 ms); each loop is a method
     * of its own for the same reason.
     */
    private void distributeByDigit() {
        int digitBits = Math.max(1, Math.min(MAX_DIGIT_BITS, 64 - Long.numberOfLeadingZeros(size / 4)));
        int shift = 64 - bucketBits - digitBits;
        int[] starts = countDigits(shift, digitBits);
        scatter(starts, shift, digitBits);
        sortRuns(starts);
    }

    /** Where each digit's run starts (and, at the end, where the last one ends). */
    private int[] countDigits(int shift, int digitBits) {
        int digits = 1 << digitBits;
        int[] starts = new int[digits + 1];
        for (int i = 0; i < size; i++) {
            starts[digit(high[i], shift, digits) + 1]++;
        }
        for (int d = 0; d < digits; d++) {
            starts[d + 1] += starts[d];
        }
        return starts;
    }

    private void scatter(int[] starts, int shift, int digitBits) {
        int digits = 1 << digitBits;
        long[] h = new long[size];
        long[] l = new long[size];
        long[] v = new long[size];
        int[] next = java.util.Arrays.copyOf(starts, digits);
        for (int i = 0; i < size; i++) {
            int at = next[digit(high[i], shift, digits)]++;
            h[at] = high[i];
            l[at] = low[i];
            v[at] = ids[i];
        }
        high = h;
        low = l;
        ids = v;
    }

    private void sortRuns(int[] starts) {
        for (int d = 0; d + 1 < starts.length; d++) {
            int n = starts[d + 1] - starts[d];
            if (n > SHORT_RUN) {
                sort(starts[d], starts[d + 1] - 1);
            } else if (n > 1) {
                insertionSort(starts[d], starts[d + 1] - 1);
            }
        }
    }

    /** The digit of a high hash half: the bits below the bucket's. */
    private static int digit(long high, int shift, int digits) {
        return (int) (high >>> shift) & (digits - 1);
    }

    private void insertionSort(int lo, int hi) {
        for (int i = lo + 1; i <= hi; i++) {
            for (int j = i; j > lo && less(j, j - 1); j--) {
                swap(j, j - 1);
            }
        }
    }

    private boolean less(int i, int j) {
        int c = Long.compareUnsigned(high[i], high[j]);
        return c < 0 || (c == 0 && Long.compareUnsigned(low[i], low[j]) < 0);
    }

    private void swap(int i, int j) {
        long t = high[i];
        high[i] = high[j];
        high[j] = t;
        t = low[i];
        low[i] = low[j];
        low[j] = t;
        t = ids[i];
        ids[i] = ids[j];
        ids[j] = t;
    }

    /**
     * Quicksort of [lo, hi] over the three parallel arrays (no boxing, no index array): the
     * smaller side recursively, the larger in the loop, so the stack stays O(log n).
     */
    private void sort(int lo, int hi) {
        while (hi - lo > SHORT_RUN) {
            int mid = (lo + hi) >>> 1;
            if (less(mid, lo)) {
                swap(mid, lo);
            }
            if (less(hi, lo)) {
                swap(hi, lo);
            }
            if (less(hi, mid)) {
                swap(hi, mid);
            }
            swap(mid, hi - 1); // the median of three as pivot, at hi - 1
            int p = hi - 1;
            int i = lo, j = hi - 1;
            while (true) {
                while (less(++i, p)) { }
                while (j > lo && less(p, --j)) { }
                if (i >= j) {
                    break;
                }
                swap(i, j);
            }
            swap(i, p);
            if (i - lo < hi - i) {
                sort(lo, i - 1);
                lo = i + 1;
            } else {
                sort(i + 1, hi);
                hi = i - 1;
            }
        }
        insertionSort(lo, hi);
    }

    @Override
    public void close() {
        for (int b = 0; b < buckets.length; b++) {
            if (buckets[b] != null) {
                try {
                    buckets[b].close();
                } catch (IOException ignored) {
                    // scratch file, deleted with the session
                }
                buckets[b] = null;
            }
        }
    }
}
