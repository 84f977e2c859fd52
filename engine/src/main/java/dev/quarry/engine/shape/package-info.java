/**
 * Query shapes: a query with its constants lifted out, so queries that differ only in
 * constants share one prepared plan ({@link dev.quarry.engine.shape.ShapeCache}).
 *
 * <p>Imports: Jena and {@code engine.plan}; never the operators' internals, the store, or the endpoint.
 */
package dev.quarry.engine.shape;
