/**
 * The engine registered with ARQ: queries over a Quarry dataset that the id-level planner
 * takes run on it, the rest on ARQ; EXPLAIN.
 *
 * <p>Imports: ARQ, the engine's plan and exec packages and {@code store.arq}; never the endpoint or
 * {@code store.rocks}.
 */
package dev.quarry.engine.arq;
