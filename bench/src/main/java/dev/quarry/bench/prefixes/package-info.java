/** The many-prefixes Turtle case of issue 3: a generated file with millions of {@code @prefix} lines, loaded in a bounded heap. */
package dev.quarry.bench.prefixes;
