/**
 * The wrapper around RocksDB: the only package that imports {@code org.rocksdb}. It owns
 * every native object (database, column families, snapshots, iterators, SST writers), turns
 * native errors into store exceptions, and closes each in reverse order of opening.
 *
 * <p>Imports: {@code org.rocksdb} and the store's exceptions only; never Jena, the encoding or the
 * dictionary (it moves bytes, it does not know what they mean).
 */
package dev.quarry.store.rocks;
