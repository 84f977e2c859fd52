package dev.quarry.bench.stages;

import dev.quarry.bench.gen.BsbmGenerator;
import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.parse.NQuadsParser;
import dev.quarry.store.encoding.TermId;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;

/**
 * The inputs of the stage benchmarks, made in memory in their setup: generated BSBM-like
 * N-Quads (default seed, exactly the requested number of statements), and the same quads
 * encoded to ids by the loader's own parser and dictionary, as a parse worker's batches hold them.
 */
final class StageInput {
    /** {@code (s, p, o, g)} ids, {@link #count} quads. */
    final long[] quads;
    final int count;
    /** Distinct quads, counted here independently of the loader's sorter (a hash set of tuples). */
    final long distinct;
    /** The dictionary that assigned the ids: its TERM2ID / ID2TERM files make a committed store checkable. */
    final LoadDictionary dictionary;

    private StageInput(long[] quads, int count, long distinct, LoadDictionary dictionary) {
        this.quads = quads;
        this.count = count;
        this.distinct = distinct;
        this.dictionary = dictionary;
    }

    /** {@code quads} statements of generated N-Quads as UTF-8 bytes. */
    static byte[] nquads(long quads) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 8, quads * 240));
        BsbmGenerator.Result r = BsbmGenerator.write(out, false, quads, BsbmGenerator.DEFAULT_SEED);
        if (r.quads() != quads) {
            throw new IllegalStateException("generator wrote " + r.quads() + " quads, asked for " + quads);
        }
        return out.toByteArray();
    }

    /** Generates {@code quads} statements and encodes them with a fresh dictionary of {@code scratch}'s session. */
    static StageInput encoded(ScratchStore scratch, long quads) throws IOException {
        byte[] data = nquads(quads);
        LoadDictionary dictionary = scratch.newDictionary();
        long[] ids = new long[Math.toIntExact(quads * 4)];
        int[] n = {0};
        new NQuadsParser(scratch.newEncoder(dictionary), true).parse(data, 0, data.length, 1, 1, TermId.DEFAULT_GRAPH,
                StrictErrors.INSTANCE, (s, p, o, g) -> {
                    int x = n[0]++ * 4;
                    ids[x] = s;
                    ids[x + 1] = p;
                    ids[x + 2] = o;
                    ids[x + 3] = g;
                });
        if (n[0] != quads) {
            throw new IllegalStateException("parsed " + n[0] + " quads, generated " + quads);
        }
        return new StageInput(ids, n[0], countDistinct(ids, n[0]), dictionary);
    }

    private record Tuple(long s, long p, long o, long g) {}

    private static long countDistinct(long[] ids, int n) {
        Set<Tuple> set = new HashSet<>(n * 2);
        for (int i = 0; i < n * 4; i += 4) {
            set.add(new Tuple(ids[i], ids[i + 1], ids[i + 2], ids[i + 3]));
        }
        return set.size();
    }
}
