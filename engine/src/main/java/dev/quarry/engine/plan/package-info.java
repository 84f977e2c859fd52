/**
 * From SPARQL algebra to a tree of id-level operators: join order, variable slots, which
 * expressions compile to id-level ones and what stays with ARQ ({@link dev.quarry.engine.plan.Unsupported}).
 *
 * <p>Imports: ARQ's algebra, {@code engine.exec}, {@code engine.expr} and {@code store.encoding}; never
 * the output writers, the endpoint, or {@code store.rocks}.
 */
package dev.quarry.engine.plan;
