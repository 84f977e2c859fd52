package dev.quarry.spark.parse;

import dev.quarry.loader.parse.QuadSink;
import java.util.Arrays;

/** A split's quads as the parser emits them: 4 ids a quad, (s, p, o, g), in a growing array. */
final class QuadBuffer implements QuadSink {
    private long[] quads = new long[1 << 12];
    private int size;

    @Override
    public void quad(long s, long p, long o, long g) {
        if (size + 4 > quads.length) {
            quads = Arrays.copyOf(quads, quads.length * 2);
        }
        quads[size] = s;
        quads[size + 1] = p;
        quads[size + 2] = o;
        quads[size + 3] = g;
        size += 4;
    }

    long[] toArray() {
        return Arrays.copyOf(quads, size);
    }

    long count() {
        return size / 4;
    }
}
