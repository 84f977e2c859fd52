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
 */
public final class SortedRun {
    private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();

    final Permutation perm;
    final long count;
    private volatile List<byte[]> frames;
    private volatile boolean[] compressed;
    private volatile int[] rawLengths;
    private volatile Path file;
    private final long bytes;

    SortedRun(Permutation perm, long count, List<byte[]> frames) {
        this.perm = perm;
        this.count = count;
        this.frames = frames;
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
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(target), 1 << 16))) {
            for (int i = 0; i < fs.size(); i++) {
                byte[] f = fs.get(i);
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
        frames = null;
        compressed = null;
    }

    /** A reader from the first tuple. */
    synchronized RunReader reader() {
        if (file == null) {
            List<byte[]> fs = frames;
            boolean[] z = compressed;
            int[] raw = rawLengths;
            return new RunReader(count, new RunReader.FrameSource() {
                int i;

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
            });
        }
        Path f = file;
        try {
            DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(f), 1 << 16));
            return new RunReader(count, new RunReader.FrameSource() {
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
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open sorted run " + f + ": " + e.getMessage(), e);
        }
    }
}
