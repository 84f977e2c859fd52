/**
 * The store's public face: {@link dev.quarry.store.QuadStore} (open, read views, write
 * transactions, bulk sessions, statistics), the cursors over quad indexes, the store's options
 * and exceptions.
 *
 * <p>Imports: {@code store.encoding}, {@code store.dict} and the {@code store.rocks} wrapper; never
 * {@code org.rocksdb} (only {@code store.rocks} does), the ARQ binding ({@code store.arq}), or
 * any loader, engine or endpoint package.
 */
package dev.quarry.store;
