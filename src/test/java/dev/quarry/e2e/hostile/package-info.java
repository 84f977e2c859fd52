/**
 * The hostile-input tier: a real {@code quarry serve} process fed malformed HTTP, odd
 * IRIs and encodings, oversized bodies, deep nesting, regex bombs, cross-origin writes
 * and mid-query disconnects. Each test asserts a clean 4xx (or the documented answer),
 * a live server, and a store left as it was. No test depends on timing: each waits for
 * the condition it needs (a query running, the server idle) with a generous deadline.
 *
 * <p>Imports: HTTP clients and test helpers; Quarry only as a running server.
 */
package dev.quarry.e2e.hostile;
