package dev.quarry.loader.input;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * Spare inverse-BWT tables for commons-compress's bzip2 decoder, for the one-block streams
 * that {@link ParallelBzip2InputStream} decodes. The library allocates its tables once per
 * stream (a private {@code Data}) and reuses them for every block of that stream; its
 * largest, {@code tt}, is an {@code int} per byte of the block: 3.6 MB at level 9, above
 * G1's humongous threshold. Decoding each block as a stream of its own allocated one per
 * block (4.9 GB of humongous arrays for BSBM's 1.28 GB of N-Triples, 1,428 blocks), and each
 * such allocation can start a GC: G1 grew the heap to keep up. A stream that gets a spare
 * {@code tt} before its first read reuses it, as the library does between blocks.
 *
 * <p>The table is a private field, reached by a private lookup; if a version of the library
 * has no such field, {@link #REUSABLE} is false and each stream allocates its own as before
 * ({@code Bzip2DecoderTablesTest} fails then, so an upgrade that loses this shows).
 *
 * <p>Thread-safe: a spare is lent to one stream at a time.
 */
final class Bzip2DecoderTables {
    /** The decoding tables of the block being read ({@code BZip2CompressorInputStream.data}). */
    private static final VarHandle DATA;
    /** Their inverse-BWT vector, allocated on the block's first read unless one is there and large enough. */
    private static final VarHandle TT;
    /** Whether this version of commons-compress lets a table be lent. */
    static final boolean REUSABLE;
    /** Bytes of a block per unit of the level (bzip2's "100k"). */
    private static final int LEVEL_UNIT = 100_000;

    static {
        VarHandle data = null;
        VarHandle tt = null;
        try {
            Class<?> tables = Class.forName(BZip2CompressorInputStream.class.getName() + "$Data");
            data = MethodHandles.privateLookupIn(BZip2CompressorInputStream.class, MethodHandles.lookup())
                    .findVarHandle(BZip2CompressorInputStream.class, "data", tables);
            tt = MethodHandles.privateLookupIn(tables, MethodHandles.lookup()).findVarHandle(tables, "tt", int[].class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            data = null;
        }
        DATA = data;
        TT = tt;
        REUSABLE = data != null;
    }

    private final BlockingQueue<int[]> spares;

    /** @param capacity the most spares kept: one per thread that decodes at once */
    Bzip2DecoderTables(int capacity) {
        this.spares = new ArrayBlockingQueue<>(capacity);
    }

    /**
     * Lends {@code in}, a just-opened stream of a block of {@code level}, a table for any block
     * of that level; returns it (null if none was lent) for {@link #giveBack} once the block is read.
     */
    int[] lend(BZip2CompressorInputStream in, int level) {
        if (!REUSABLE) {
            return null;
        }
        Object data = DATA.get(in);
        if (data == null || (int[]) TT.get(data) != null) {
            return null; // not the state this was written for: let the library allocate
        }
        int[] tt = spares.poll();
        if (tt == null || tt.length < level * LEVEL_UNIT) {
            tt = new int[level * LEVEL_UNIT];
        }
        TT.set(data, tt);
        return tt;
    }

    /** Keeps {@code tt} for the next block; call only after the stream it was lent to is done with it. */
    void giveBack(int[] tt) {
        if (tt != null) {
            spares.offer(tt);
        }
    }
}
