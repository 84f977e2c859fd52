package dev.quarry.engine.arq;

import org.apache.jena.sys.JenaSubsystemLifecycle;

/** Registers the id-level engine when Jena starts, after the store's engine, so that ARQ asks it first. */
public final class EngineInit implements JenaSubsystemLifecycle {
    @Override
    public void start() {
        IdQueryEngineFactory.register();
    }

    @Override
    public void stop() {
        IdQueryEngineFactory.unregister();
    }

    @Override
    public int level() {
        return 70; // after the store's engine (60): QueryEngineRegistry asks the newest first
    }
}
