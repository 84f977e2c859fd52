/**
 * The id-level query executor: ARQ evaluates SPARQL as usual, but basic graph patterns
 * and quad patterns over a {@link dev.quarry.store.arq.QuarryDatasetGraph} are solved
 * on term ids — joined in an order chosen from the store's statistics, decoded to Jena
 * nodes only when a result, filter or expression asks for a value.
 *
 * <p>{@link dev.quarry.store.arq.exec.QuarryQueryEngine} is the entry point (registered
 * with ARQ's query engine registry); {@link dev.quarry.store.arq.exec.QuarryOpExecutor}
 * takes over the pattern operators; {@link dev.quarry.store.arq.exec.PatternSolver}
 * does the nested-loop index joins; {@link dev.quarry.store.arq.exec.IdBinding} carries
 * ids between them.
 *
 * <p>Imports: Jena (ARQ), {@code store.encoding} and the store's read classes; never {@code store.rocks},
 * the engine module, or anything above the store.
 */
package dev.quarry.store.arq.exec;
