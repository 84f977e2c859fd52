package dev.quarry.engine.exec;

/** No rows, whatever the input. */
final class EmptyCursor implements RowCursor {
    private final long[] row;

    EmptyCursor(int width) {
        this.row = new long[width];
    }

    @Override
    public void start(long[] input) {
    }

    @Override
    public boolean next() {
        return false;
    }

    @Override
    public long[] row() {
        return row;
    }

    @Override
    public void close() {
    }
}
