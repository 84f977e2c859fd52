/** The many-prefixes Turtle case of issue 3: a generated file with millions of {@code @prefix} lines, loaded in a bounded heap. *
 * <p>Imports: the loader's public API and the store's public classes only.
 */
package dev.quarry.bench.prefixes;
