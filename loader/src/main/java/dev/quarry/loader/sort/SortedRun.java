package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jpountz.lz4.LZ4Factory;

/**
 * Distinct quads in one index order, delta-encoded in frames of at most
 * {@link RunEncoder#FRAME} bytes (a frame always ends at a tuple boundary). Lives in
 * memory until {@link #spill} writes it to a file; readers work on either.
 * File layout per frame: {@code rawLength(4) storedLength(4) lz4?(1) bytes}.
 * Where each frame starts ({@link FrameStart}) stays in memory, so a reader of a key range
 * starts at the frame holding its first key instead of decoding the run from the beginning.
 */
public final class SortedRun {
    private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();

    /**
     * The start of a frame: the index of its first tuple, the tuple before it (from which the
     * frame's first delta decodes; zeros for the first frame) and its first tuple.
     */
    record FrameStart(long tuple, long[] previous, long[] first) {}

    final Permutation perm;
    final long count;
    final List<FrameStart> starts;
    private volatile long[] fileOffsets;
    private volatile List<byte[]> frames;
    private volatile boolean[] compressed;
    private volatile int[] rawLengths;
    private volatile Path file;
    private final long bytes;

    SortedRun(Permutation perm, long count, List<byte[]> frames, List<FrameStart> starts) {
        this.perm = perm;
        this.count = count;
        this.frames = frames;
        this.starts = starts;
        long b = 0;
        for (byte[] f : frames) {
            b += f.length + 16;
        }
        this.bytes = b;
    }

    /** Heap bytes while in memory. */
    long bytes() {
        return bytes;
    }

    boolean inMemory() {
        return file == null;
    }

    /** Compresses the frames with LZ4 (done by the producer when the spill writer is backed up). */
    synchronized void compress() {
        List<byte[]> fs = frames;
        boolean[] c = new boolean[fs.size()];
        int[] raw = new int[fs.size()];
        byte[][] out = new byte[fs.size()][];
        for (int i = 0; i < fs.size(); i++) {
            byte[] f = fs.get(i);
            raw[i] = f.length;
            byte[] z = LZ4.fastCompressor().compress(f);
            c[i] = z.length < f.length;
            out[i] = c[i] ? z : f;
        }
        this.rawLengths = raw;
        this.compressed = c;
        this.frames = List.of(out);
    }

    /** Writes the run to {@code target} and drops the in-memory frames. */
    synchronized void spill(Path target) {
        List<byte[]> fs = frames;
        long[] offsets = new long[fs.size()];
        long offset = 0;
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(target), 1 << 16))) {
            for (int i = 0; i < fs.size(); i++) {
                byte[] f = fs.get(i);
                offsets[i] = offset;
                offset += 9 + f.length; // the frame's header and bytes
                boolean z = compressed != null && compressed[i];
                out.writeInt(z ? rawLengths[i] : f.length);
                out.writeInt(f.length);
                out.writeByte(z ? 1 : 0);
                out.write(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill a sorted run to " + target + ": " + e.getMessage(), e);
        }
        file = target;
        fileOffsets = offsets;
        frames = null;
        compressed = null;
    }

    /** A reader from the first tuple. */
    RunReader reader() {
        return reader(KeyRange.ALL);
    }

    /** A reader of the tuples in {@code range}: it starts at the frame holding the range's first key. */
    synchronized RunReader reader(KeyRange range) {
        int frame = range.from() == null ? 0 : frameOf(range.from());
        long[] previous = frame < starts.size() ? starts.get(frame).previous() : new long[4];
        long skipped = frame < starts.size() ? starts.get(frame).tuple() : 0;
        return new RunReader(count - skipped, source(frame), previous, range);
    }

    /** The last frame whose first tuple is at most {@code key} (0 if none). */
    private int frameOf(long[] key) {
        int lo = 0, hi = starts.size() - 1, found = 0;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (java.util.Arrays.compareUnsigned(starts.get(mid).first(), key) <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    private RunReader.FrameSource source(int firstFrame) {
        if (file == null) {
            List<byte[]> fs = frames;
            boolean[] z = compressed;
            int[] raw = rawLengths;
            return new RunReader.FrameSource() {
                int i = firstFrame;

                @Override
                public byte[] next() {
                    if (i >= fs.size()) {
                        return null;
                    }
                    byte[] f = fs.get(i);
                    if (z != null && z[i]) {
                        f = LZ4.fastDecompressor().decompress(f, raw[i]);
                    }
                    i++;
                    return f;
                }

                @Override
                public void close() {}
            };
        }
        Path f = file;
        try {
            DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(f), 1 << 16));
            if (firstFrame < fileOffsets.length) {
                in.skipNBytes(fileOffsets[firstFrame]);
            }
            return new RunReader.FrameSource() {
                @Override
                public byte[] next() {
                    try {
                        if (in.available() == 0) {
                            return null;
                        }
                        int raw = in.readInt();
                        int stored = in.readInt();
                        boolean z = in.readByte() == 1;
                        byte[] b = in.readNBytes(stored);
                        return z ? LZ4.fastDecompressor().decompress(b, raw) : b;
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read sorted run " + f + ": " + e.getMessage(), e);
                    }
                }

                @Override
                public void close() {
                    try {
                        in.close();
                    } catch (IOException ignored) {
                        // scratch file
                    }
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open sorted run " + f + ": " + e.getMessage(), e);
        }
    }
}
