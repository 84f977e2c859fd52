package dev.quarry.loader.input;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.LongAdder;

/** Counts the raw (compressed) bytes read, for progress; a LongAdder because readers run in parallel. */
final class CountingInputStream extends FilterInputStream {
    private final LongAdder counter;

    CountingInputStream(InputStream in, LongAdder counter) {
        super(in);
        this.counter = counter;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counter.increment();
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            counter.add(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        counter.add(skipped);
        return skipped;
    }
}
