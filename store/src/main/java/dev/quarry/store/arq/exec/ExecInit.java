package dev.quarry.store.arq.exec;

import org.apache.jena.sys.JenaSubsystemLifecycle;

/** Registers the id-level query engine when Jena starts (found by ServiceLoader, as TDB2 does). */
public final class ExecInit implements JenaSubsystemLifecycle {
    @Override
    public void start() {
        QuarryQueryEngine.register();
    }

    @Override
    public void stop() {
        QuarryQueryEngine.unregister();
    }

    @Override
    public int level() {
        return 60; // after ARQ (30), like other storage engines
    }
}
