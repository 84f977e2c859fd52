package dev.quarry.bench.gen;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The many-prefix Turtle case (Virtuoso's failure mode): a file that begins with {@code prefixes}
 * distinct {@code @prefix} declarations, followed by {@code triples} triples whose subjects use
 * the declared prefixes in turn, so every declaration is needed and none can be dropped early.
 */
public final class PrefixFileWriter {
    private static final String LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>";

    private PrefixFileWriter() {}

    /** Writes the file (.ttl or .ttl.gz); returns the number of triples. */
    public static long write(Path out, long prefixes, long triples) throws IOException {
        if (prefixes < 1 || triples < 0) {
            throw new IllegalArgumentException("--prefixes must be at least 1 and --quads not negative");
        }
        if (!OutputFile.syntaxName(out).endsWith(".ttl")) {
            throw new IllegalArgumentException(out + ": the prefix file is Turtle, name it .ttl or .ttl.gz");
        }
        try (OutputFile file = new OutputFile(out)) {
            try (Utf8Output w = new Utf8Output(file.stream())) {
                for (long i = 0; i < prefixes; i++) {
                    w.text("@prefix ns");
                    w.text(Long.toString(i));
                    w.text(": <http://example.org/datasets/namespace/");
                    w.text(Long.toString(i));
                    w.text("/terms#> .\n");
                }
                for (long j = 0; j < triples; j++) {
                    w.text("ns");
                    w.text(Long.toString(j % prefixes));
                    w.text(":item");
                    w.text(Long.toString(j));
                    w.ascii(' ');
                    w.text(LABEL);
                    w.text(" \"item ");
                    w.text(Long.toString(j));
                    w.text("\" .\n");
                }
            }
            file.commit();
        }
        return triples;
    }
}
