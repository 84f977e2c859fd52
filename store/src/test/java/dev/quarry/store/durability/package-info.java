/** Crash-safety tests that kill a real child JVM with SIGKILL and reopen the store. */
package dev.quarry.store.durability;
