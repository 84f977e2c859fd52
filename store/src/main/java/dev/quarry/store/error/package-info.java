/**
 * The store's exceptions, together: {@link dev.quarry.store.error.StoreException} (an
 * operation failed; one line a user can act on), {@link dev.quarry.store.error.StoreFormatException}
 * (the directory holds no store of this format) and {@link dev.quarry.store.error.StoreLockedException}
 * (another process has the store open). Imports nothing of the store.
 */
package dev.quarry.store.error;
