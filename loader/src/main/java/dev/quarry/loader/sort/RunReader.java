package dev.quarry.loader.sort;

/** Decodes a {@link SortedRun} tuple by tuple; {@link #key} is the current tuple in key order. */
final class RunReader implements AutoCloseable {
    interface FrameSource extends AutoCloseable {
        /** The next frame, or null at the end. */
        byte[] next();

        @Override
        void close();
    }

    private final FrameSource source;
    private long left;
    private byte[] frame;
    private int pos;
    final long[] key = new long[4];

    RunReader(long count, FrameSource source) {
        this.left = count;
        this.source = source;
        this.frame = new byte[0];
    }

    /** Advances to the next tuple; false at the end. */
    boolean next() {
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
