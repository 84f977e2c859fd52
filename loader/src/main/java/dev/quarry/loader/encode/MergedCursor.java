package dev.quarry.loader.encode;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Merges cursors that are each in one order into one cursor in that order: a binary heap
 * whose top is advanced in place and sifted down once, half the comparisons of a
 * {@code PriorityQueue}'s poll and add. Closing it closes them all.
 */
final class MergedCursor implements TermCursor {
    static final Comparator<TermCursor> BY_TERM = (a, b) -> Arrays.compareUnsigned(a.term(), b.term());
    static final Comparator<TermCursor> BY_ID = (a, b) -> Long.compareUnsigned(a.id(), b.id());

    private final List<TermCursor> all;
    private final Comparator<TermCursor> order;
    private final TermCursor[] heap;
    private int size;
    private boolean started;

    MergedCursor(List<TermCursor> cursors, Comparator<TermCursor> order) {
        this.all = List.copyOf(cursors);
        this.order = order;
        this.heap = new TermCursor[all.size()];
    }

    @Override
    public boolean next() {
        if (!started) {
            started = true;
            for (TermCursor c : all) {
                if (c.next()) {
                    heap[size++] = c;
                }
            }
            for (int i = size / 2 - 1; i >= 0; i--) {
                siftDown(i);
            }
            return size > 0;
        }
        if (size == 0) {
            return false;
        }
        long id = order == BY_ID ? heap[0].id() : 0;
        if (!heap[0].next()) {
            heap[0] = heap[--size];
        } else if (order == BY_ID && heap[0].id() == id + 1) {
            return true; // ids are unique, so the next one is the least: a shard's ids come in blocks
        }
        siftDown(0);
        return size > 0;
    }

    @Override
    public byte[] term() {
        return heap[0].term();
    }

    @Override
    public long id() {
        return heap[0].id();
    }

    @Override
    public void close() {
        all.forEach(TermCursor::close);
    }

    private void siftDown(int i) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int m = l + 1 < size && order.compare(heap[l + 1], heap[l]) < 0 ? l + 1 : l;
            if (order.compare(heap[m], heap[i]) >= 0) {
                return;
            }
            TermCursor t = heap[m];
            heap[m] = heap[i];
            heap[i] = t;
            i = m;
        }
    }
}
