/** Consistency checks across indexes, dictionary and statistics ({@link dev.quarry.store.verify.StoreValidator}). */
package dev.quarry.store.verify;
