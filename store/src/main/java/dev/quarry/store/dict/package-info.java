/**
 * The committed dictionaries: {@link dev.quarry.store.dict.TermDictionary} (term bytes to id
 * and back, with a cache) and {@link dev.quarry.store.dict.PrefixDictionary} (IRI namespaces to
 * small ids).
 *
 * <p>Imports: {@code store.encoding} and the {@code store.rocks} wrapper; never {@code org.rocksdb}
 * directly, the ARQ binding, or anything above the store.
 */
package dev.quarry.store.dict;
