/**
 * Expressions evaluated on rows of ids (comparisons, boolean logic, BOUND, sameTerm,
 * integer arithmetic on inline ids), with ARQ's evaluation as the fallback ({@link dev.quarry.engine.expr.ArqExpr}).
 *
 * <p>Imports: {@code engine.exec} rows, {@code store.encoding} and ARQ's expression classes; never the
 * planner, the output writers, or the store's RocksDB wrapper.
 */
package dev.quarry.engine.expr;
