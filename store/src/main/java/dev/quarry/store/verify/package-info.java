/** Consistency checks across indexes, dictionary and statistics ({@link dev.quarry.store.verify.StoreValidator}). *
 * <p>Imports: the store, {@code store.encoding} and the {@code store.rocks} wrapper (it reads raw index
 * entries); never {@code org.rocksdb} directly, the ARQ binding, or anything above the store.
 */
package dev.quarry.store.verify;
