package dev.quarry.engine.exec;

/** A cursor that counts its starts, rows and the time spent inside it, for EXPLAIN. */
final class ProfiledCursor implements RowCursor {
    private final RowCursor c;
    private final ExecContext.Profile p;

    ProfiledCursor(RowCursor c, ExecContext.Profile p) {
        this.c = c;
        this.p = p;
    }

    @Override
    public void start(long[] input) {
        long t = System.nanoTime();
        c.start(input);
        p.starts++;
        p.nanos += System.nanoTime() - t;
    }

    @Override
    public boolean next() {
        long t = System.nanoTime();
        boolean has = c.next();
        p.nanos += System.nanoTime() - t;
        if (has) {
            p.rows++;
        }
        return has;
    }

    @Override
    public long[] row() {
        return c.row();
    }

    @Override
    public void close() {
        c.close();
    }
}
