package dev.quarry.bench.stages;

import dev.quarry.loader.parse.ParseErrors;

/** Fails on the first bad statement: generated data has none, so one means the benchmark input is wrong. */
final class StrictErrors implements ParseErrors {
    static final StrictErrors INSTANCE = new StrictErrors();

    private StrictErrors() {}

    @Override
    public void parsingError(long line, long column, String message) {
        throw new IllegalStateException("generated data, line " + line + ":" + column + ": " + message);
    }

    @Override
    public void datatypeMismatch(long line, long column, String message) {
        throw new IllegalStateException("generated data, line " + line + ":" + column + ": " + message);
    }
}
