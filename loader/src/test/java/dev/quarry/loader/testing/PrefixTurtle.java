package dev.quarry.loader.testing;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Turtle documents that start with many distinct {@code @prefix} declarations (the
 * Virtuoso failure case), followed by statements that use some of them and a
 * redefinition of one label, so the expansion of every prefixed name matters.
 */
public final class PrefixTurtle {
    private PrefixTurtle() {}

    /** Writes the document; returns its number of triples. */
    public static long write(Path file, int prefixes, String doc) throws IOException {
        long triples = 0;
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < prefixes; i++) {
                w.write("@prefix p" + i + ": <http://example.org/ns/" + i + "/> .\n");
            }
            for (int i = 0; i < prefixes; i += 50) {
                w.write("p" + i + ":s" + doc + " p" + (i + 1) % prefixes + ":p p" + (i + 7) % prefixes + ":o .\n");
                triples++;
            }
            w.write("@prefix p1: <http://example.org/redefined/" + doc + "/> .\n");
            w.write("p1:s p1:p p1:o, p0:o .\n");
            triples += 2;
        }
        return triples;
    }
}
