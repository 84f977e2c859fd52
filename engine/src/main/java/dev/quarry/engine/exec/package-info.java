/**
 * The id-level operators a plan is made of (scans, joins, filters, groups, order, slices):
 * rows of term ids, decoded only when a value is needed.
 *
 * <p>Imports: {@code engine.expr}, {@code store.encoding}, the store's read classes and ARQ's expression
 * types; never {@code engine.plan} (plans build operators, operators do not know plans),
 * the output writers, or {@code store.rocks}.
 */
package dev.quarry.engine.exec;
