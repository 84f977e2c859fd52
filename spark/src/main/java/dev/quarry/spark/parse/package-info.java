/**
 * Reading the input: files on any Hadoop file system, each N-Quads/N-Triples split, and each
 * Turtle/TriG file whole, parsed by the loader's parsers into split-local ids.
 */
package dev.quarry.spark.parse;
