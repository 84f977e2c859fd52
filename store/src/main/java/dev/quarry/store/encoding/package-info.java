/**
 * All bytes-on-disk logic: what a term becomes (an inline {@link dev.quarry.store.encoding.TermId}
 * or dictionary bytes, {@link dev.quarry.store.encoding.TermCodec}), the one term byte layout
 * ({@link dev.quarry.store.encoding.TermLayout}, which the loader writes too), the inline
 * number and date forms, the quad key layout and the index permutations.
 *
 * <p>Imports: Jena's node and datatype classes only; never RocksDB, the dictionary, or any other Quarry
 * package (everything else depends on this, it depends on nothing of ours).
 */
package dev.quarry.store.encoding;
