package dev.quarry.engine.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The buffer's UTF-8 and escaping against plain reference encodings, on random strings long
 * enough to cross its 8 KiB buffer many times, so that runs of plain ASCII copied in bulk meet
 * escapes, multi-byte characters, surrogate pairs and lone surrogates at every offset.
 */
class Utf8BufferTest {
    private static final String ALPHABET = "abcXYZ019 :/#.-_\"\\&<>'\r\n\t\u0001\u001f\u007f\u00e9\u00ff\u0100\u20ac\ud83d\ude00\ud800\udc00";

    @Test
    void everyWriterMatchesItsReference() throws IOException {
        SplittableRandom random = new SplittableRandom(20261129);
        for (int round = 0; round < 300; round++) {
            String s = randomText(random, random.nextInt(round < 100 ? 40 : 20_000));
            assertArrayEquals(utf8(s), write(b -> b.text(s)), "text of " + round);
            assertArrayEquals(utf8(xmlReference(s)), write(b -> b.xml(s)), "xml of " + round);
            assertArrayEquals(utf8(jsonReference(s)), write(b -> b.json(s)), "json of " + round);
            String ascii = s.chars().filter(c -> c < 0x80).collect(StringBuilder::new, StringBuilder::appendCodePoint,
                    StringBuilder::append).toString();
            assertArrayEquals(utf8(ascii), write(b -> b.ascii(ascii)), "ascii of " + round);
        }
    }

    @Test
    void manyShortWritesAcrossTheBufferEnd() throws IOException {
        StringBuilder expected = new StringBuilder();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Utf8Buffer b = new Utf8Buffer(out);
        for (int i = 0; i < 5_000; i++) {
            String s = "<http://example.org/" + i + "> \"caf\u00e9 & <x>\"";
            b.xml(s);
            expected.append(xmlReference(s));
        }
        b.flush();
        assertArrayEquals(utf8(expected.toString()), out.toByteArray());
    }

    private interface Writes {
        void to(Utf8Buffer b) throws IOException;
    }

    private static byte[] write(Writes w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Utf8Buffer b = new Utf8Buffer(out);
        w.to(b);
        b.flush();
        return out.toByteArray();
    }

    private static String randomText(SplittableRandom random, int length) {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < length) {
            // long plain runs, as IRIs and literals mostly are, between single other chars
            if (random.nextInt(4) == 0) {
                sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            } else {
                int run = random.nextInt(200);
                for (int i = 0; i < run; i++) {
                    sb.append((char) ('a' + random.nextInt(26)));
                }
            }
        }
        return sb.toString();
    }

    /** UTF-8 as the JDK encodes it: a lone surrogate becomes '?', as the buffer writes it. */
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String xmlReference(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&apos;").replace("\r", "&#13;");
    }

    private static String jsonReference(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
