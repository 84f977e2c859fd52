package dev.quarry.loader.input;

/**
 * Whether a source decompresses on its own thread ({@link ReadAheadInputStream}) ahead of
 * the parser. The thread overlaps decompression with parsing on another core; for small
 * or uncompressed inputs it only costs a thread and a few MiB of buffers.
 */
public enum ReadAhead {
    /** Decompress on the caller's thread. */
    OFF,
    /** Always read ahead on a separate thread (plain inputs too). */
    ON,
    /**
     * Read ahead for compressed streams of unknown size or at least {@link #AUTO_MIN_SIZE}
     * bytes, except bzip2: {@link ParallelBzip2InputStream} already decodes on its own threads
     * and its blocks in flight are the read-ahead, so a second thread would only add a hop
     * and a copy (loads measured the same CPU with and without it).
     */
    AUTO;

    /** Below this compressed size, AUTO decompresses inline: the thread would not pay off. */
    public static final long AUTO_MIN_SIZE = 4L << 20;

    boolean applies(Compression compression, long rawSize) {
        return switch (this) {
            case OFF -> false;
            case ON -> true;
            case AUTO -> compression != Compression.NONE && compression != Compression.BZIP2
                    && (rawSize < 0 || rawSize >= AUTO_MIN_SIZE);
        };
    }
}
