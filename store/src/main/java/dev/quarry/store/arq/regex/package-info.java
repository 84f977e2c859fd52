/**
 * Regular expressions that stop when their query is cancelled or out of time.
 * ARQ evaluates REGEX and REPLACE with {@code java.util.regex}, which backtracks
 * exponentially on some patterns and never looks at a flag: one such filter kept a core
 * busy long after its timeout and its client. {@link dev.quarry.store.arq.regex.RegexGuard}
 * rewrites both into versions that match over a {@link dev.quarry.store.arq.regex.StoppableChars},
 * which checks the running query's {@link dev.quarry.store.arq.regex.QueryStop} as the
 * matcher reads characters (the known way to bound a backtracking matcher: every step reads one).
 *
 * <p>Imports: Jena (ARQ) only; nothing of the store (a regex does not know where its text comes from).
 */
package dev.quarry.store.arq.regex;
