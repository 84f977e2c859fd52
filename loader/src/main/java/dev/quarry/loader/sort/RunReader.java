package dev.quarry.loader.sort;

/**
 * Decodes a {@link SortedRun} tuple by tuple; {@link #key} is the current tuple in key order.
 * A reader of a {@link KeyRange} skips the tuples before it and ends at its end.
 */
final class RunReader implements AutoCloseable {
    interface FrameSource extends AutoCloseable {
        /** The next frame, or null at the end. */
        byte[] next();

        @Override
        void close();
    }

    private final FrameSource source;
    private final KeyRange range;
    private boolean skipping;
    private long left;
    private byte[] frame;
    private int pos;
    final long[] key = new long[4];

    /**
     * A reader of {@code count} tuples from {@code source}, whose first delta decodes from
     * {@code previous}, returning those in {@code range}.
     */
    RunReader(long count, FrameSource source, long[] previous, KeyRange range) {
        this.left = count;
        this.source = source;
        this.frame = new byte[0];
        this.range = range;
        this.skipping = range.from() != null;
        System.arraycopy(previous, 0, key, 0, 4);
    }

    /** Advances to the next tuple in the range; false at the end. */
    boolean next() {
        while (decode()) {
            if (skipping) {
                if (range.before(key)) {
                    continue;
                }
                skipping = false;
            }
            if (range.after(key)) {
                left = 0;
                return false;
            }
            return true;
        }
        return false;
    }

    private boolean decode() {
        if (left == 0) {
            return false;
        }
        left--;
        if (pos >= frame.length) {
            frame = source.next();
            pos = 0;
            if (frame == null) {
                throw new IllegalStateException("sorted run ended early");
            }
        }
        long[] k = key;
        int c = frame[pos++];
        switch (c) {
            case 0 -> {
                k[0] += varint();
                k[1] ^= varint();
                k[2] ^= varint();
                k[3] ^= varint();
            }
            case 1 -> {
                k[1] += varint();
                k[2] ^= varint();
                k[3] ^= varint();
            }
            case 2 -> {
                k[2] += varint();
                k[3] ^= varint();
            }
            default -> k[3] += varint();
        }
        return true;
    }

    private long varint() {
        byte[] b = frame;
        long v = 0;
        int shift = 0;
        int p = pos;
        while (true) {
            byte x = b[p++];
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                break;
            }
            shift += 7;
        }
        pos = p;
        return v;
    }

    @Override
    public void close() {
        source.close();
    }
}
