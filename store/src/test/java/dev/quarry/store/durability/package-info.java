/** Crash-safety tests that kill a real child JVM with SIGKILL and reopen the store. *
 * <p>Imports: the store's public classes and {@code store.encoding} (to write raw entries); never
 * {@code org.rocksdb} directly.
 */
package dev.quarry.store.durability;
