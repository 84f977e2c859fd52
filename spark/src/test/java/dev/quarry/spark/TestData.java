package dev.quarry.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/**
 * Generated N-Quads / N-Triples for the build tests: IRIs in several namespaces, blank nodes
 * (as subjects, objects and graph names), literals of every inline kind and of forms that are
 * not inlined, language tags, escapes, non-ASCII and astral characters, named graphs, repeated
 * statements, and a bad line now and then (syntax, relative IRI, datatype, bad UTF-8), each
 * kind the loader reports.
 */
final class TestData {
    private static final String XSD = "http://www.w3.org/2001/XMLSchema#";

    private TestData() {}

    /** Writes {@code lines} lines; blank node labels start with {@code tag} (unique per file). */
    static void write(Path file, int lines, long seed, boolean quads, String tag) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream out = file.toString().endsWith(".bz2") ? new BZip2CompressorOutputStream(raw) : raw) {
            Random r = new Random(seed);
            for (int i = 0; i < lines; i++) {
                out.write(line(r, i, quads, tag));
            }
        }
    }

    private static byte[] line(Random r, int i, boolean quads, String tag) {
        if (i % 4999 == 4998) {
            return bad(i / 4999 % 5);
        }
        String s = r.nextInt(10) == 0 ? "_:" + tag + "s" + r.nextInt(2000) : "<http://ex.org/s/" + r.nextInt(20000) + ">";
        int kind = r.nextInt(18);
        String p = "<http://ex.org/" + (kind % 3 == 0 ? "vocab#" : "p/") + "k" + kind + ">";
        String o = switch (kind) {
            case 0 -> "\"" + (r.nextInt(2001) - 1000) + "\"^^<" + XSD + "integer>";
            case 1 -> "\"0" + r.nextInt(100) + "\"^^<" + XSD + "integer>"; // leading zero: dictionary
            case 2 -> "\"" + r.nextBoolean() + "\"^^<" + XSD + "boolean>";
            case 3 -> "\"" + r.nextInt(1000) + "." + r.nextInt(100) + "\"^^<" + XSD + "decimal>";
            case 4 -> String.format("\"20%02d-%02d-%02dT%02d:%02d:%02d%s\"^^<" + XSD + "dateTime>", r.nextInt(30),
                    1 + r.nextInt(12), 1 + r.nextInt(28), r.nextInt(24), r.nextInt(60), r.nextInt(60),
                    new String[] {"", "Z", "+01:00", ".5Z", ".000"}[r.nextInt(5)]);
            case 5 -> String.format("\"20%02d-02-%02d\"^^<" + XSD + "date>", r.nextInt(30), 1 + r.nextInt(29));
            case 6 -> "\"s" + r.nextInt(500) + "\""; // short string: inline
            case 7 -> "\"a longer string number " + r.nextInt(5000) + "\"";
            case 8 -> "\"label " + r.nextInt(300) + "\"@" + new String[] {"en", "fr", "de-CH", "EN-gb"}[r.nextInt(4)];
            case 9 -> "\"" + r.nextInt(50) + "\"^^<http://ex.org/dt/unit>";
            case 10 -> "\"esc \\\"q\\\" \\n \\u00e9 \\U0001F600 " + r.nextInt(50) + "\"";
            case 11 -> "\"naïve 日本 😀 " + r.nextInt(50) + "\"";
            case 12 -> "_:" + tag + "o" + r.nextInt(1000);
            case 13 -> "\"" + r.nextInt(100) + "\"^^<" + XSD + "string>";
            default -> "<http://ex.org/o/" + r.nextInt(5000) + ">";
        };
        String g = "";
        if (quads) {
            int gr = r.nextInt(10);
            g = gr < 6 ? "" : gr == 9 ? " _:" + tag + "g" + r.nextInt(3) : " <http://ex.org/g/" + gr + ">";
        }
        return (s + " " + p + " " + o + g + " .\n").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bad(int kind) {
        return switch (kind) {
            case 0 -> "<http://ex.org/s/1> <http://ex.org/p/x> .\n".getBytes(StandardCharsets.UTF_8);
            case 1 -> "<s/1> <http://ex.org/p/x> <http://ex.org/o/1> .\n".getBytes(StandardCharsets.UTF_8);
            case 2 -> ("<http://ex.org/s/1> <http://ex.org/p/x> \"abc\"^^<" + XSD + "integer> .\n").getBytes(StandardCharsets.UTF_8);
            case 3 -> new byte[] {'<', 'h', 't', 't', 'p', ':', '/', '/', 'x', '>', ' ', '<', 'h', 't', 't', 'p', ':', '/', '/',
                'p', '>', ' ', '"', (byte) 0xC3, '(', '"', ' ', '.', '\n'};
            default -> "<http://ex.org/a b> <http://ex.org/p/x> <http://ex.org/o/1> .\n".getBytes(StandardCharsets.UTF_8);
        };
    }
}
