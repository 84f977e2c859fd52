package dev.quarry.engine.plan;

/**
 * The plan compiler met something the id-level engine does not execute (an aggregate, a
 * property path, SERVICE...): the query runs on ARQ's general path instead. The message
 * says what, for EXPLAIN.
 */
public final class Unsupported extends RuntimeException {
    public Unsupported(String what) {
        super(what, null, false, false);
    }
}
