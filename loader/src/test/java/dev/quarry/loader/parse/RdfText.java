package dev.quarry.loader.parse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generators for the parser property tests: N-Quads lines and Turtle documents built from
 * pools of terms that are valid, odd but valid, and invalid under RIOT's strict mode, and
 * byte-level mutations of them.
 */
final class RdfText {
    private RdfText() {}

    private static final String XSD = "http://www.w3.org/2001/XMLSchema#";

    static Arbitrary<String> iri() {
        Arbitrary<String> start = Arbitraries.of("http://example.org/", "https://a.b-c.org/", "http://x/",
                "http://x.org", "urn:isbn:", "urn:x:", "urn:ab:", "mailto:", "tag:", "http://x:8080/", "http://x:80/",
                "HTTP://x/", "file:///", "http:", "", "rel/", "http://x/a/../", "http://[::1]/", "did:ex:");
        Arbitrary<String> path = Arbitraries.strings().withChars("abz09-._~/#?=&%AFé").ofMaxLength(10);
        Arbitrary<String> odd = Arbitraries.of("", "", "", "%41", "%4a", "%zz", "\\u0041", "\\u0020", "\\U0001F600",
                "\u00e9", "\u00a0", "{", "|", "^", "`", "%20", "#f", "#f#g");
        return Combinators.combine(start, path, odd).as((a, b, c) -> "<" + a + b + c + ">");
    }

    static Arbitrary<String> blank() {
        return Arbitraries.of("_:b0", "_:b1", "_:x.y", "_:a-b", "_:1", "_:\u00e9t\u00e9");
    }

    static Arbitrary<String> literal() {
        Arbitrary<String> text = Arbitraries.strings().withChars("ab z\u00e9\u4e2d\\\"'\t")
                .ofMaxLength(8).map(RdfText::escapeForLiteral);
        Arbitrary<String> escapes = Arbitraries.of("", "\\n", "\\\"", "\\u00E9", "\\U0001F600", "\\ud83d\\ude00", "\\t");
        Arbitrary<String> plain = Combinators.combine(text, escapes).as((t, e) -> "\"" + t + e + "\"");
        Arbitrary<String> lang = Combinators.combine(plain, Arbitraries.of("en", "en-US", "EN-us", "de-CH-1996",
                "x-private", "abcdefghi", "en-a", "i-klingon", "en--US", "en_US")).as((l, t) -> l + "@" + t);
        Arbitrary<String> lexical = Arbitraries.of("42", "-0", "+7", " 1", "abc", "1.5", "1.", ".5", "1e3", "INF",
                "NaN", "true", "1", "yes", "2020-02-29", "2021-02-29", "2020-13-01", "2020-01-01T24:00:00",
                "2020-01-01T12:00:00Z", "2020-01-01T12:00:00.5+02:00", "300", "-1", "P1Y", "\u0661", "");
        Arbitrary<String> datatype = Arbitraries.of("integer", "decimal", "double", "boolean", "date", "dateTime",
                "string", "byte", "nonNegativeInteger", "gYear", "float").map(d -> "<" + XSD + d + ">");
        Arbitrary<String> typed = Combinators.combine(lexical, Arbitraries.oneOf(datatype, iri()))
                .as((l, d) -> "\"" + l + "\"^^" + d);
        return Arbitraries.oneOf(plain, lang, typed);
    }

    private static String escapeForLiteral(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t");
    }

    /** One N-Quads statement line (no line end). */
    static Arbitrary<String> nquadsLine() {
        Arbitrary<String> subject = Arbitraries.oneOf(iri(), blank());
        Arbitrary<String> object = Arbitraries.oneOf(iri(), blank(), literal(), literal());
        Arbitrary<String> graph = Arbitraries.oneOf(Arbitraries.just(""), Arbitraries.just(""), iri(), blank());
        return Combinators.combine(subject, iri(), object, graph)
                .as((s, p, o, g) -> s + " " + p + " " + o + (g.isEmpty() ? "" : " " + g) + " .");
    }

    /** A Turtle document: a prefix, then statements with predicate-object lists, some over several lines. */
    static Arbitrary<String> turtleDocument() {
        Arbitrary<String> subject = Arbitraries.oneOf(iri(), blank(), Arbitraries.of("ex:s", "ex:t", "[]", "<>"));
        Arbitrary<String> predicate = Arbitraries.oneOf(iri(), Arbitraries.of("ex:p", "a", "ex:q"));
        Arbitrary<String> object = Arbitraries.oneOf(iri(), blank(), literal(),
                Arbitraries.of("ex:o", "12", "-1.5", "1e3", "true", "[ ex:p ex:o ]", "( 1 2 )", "\"\"\"long\nstring\"\"\""));
        Arbitrary<String> pair = Combinators.combine(predicate, object.list().ofMinSize(1).ofMaxSize(2))
                .as((p, os) -> p + " " + String.join(" , ", os));
        Arbitrary<String> statement = Combinators.combine(subject, pair.list().ofMinSize(1).ofMaxSize(3),
                Arbitraries.of(" ;\n    ", " ; "))
                .as((s, ps, sep) -> s + " " + String.join(sep, ps) + " .");
        return statement.list().ofMinSize(1).ofMaxSize(6)
                .map(ss -> "@prefix ex: <http://example.org/> .\n" + String.join("\n", ss) + "\n");
    }

    /** A byte-level change of {@code text}: a character deleted, or one of the characters that matter inserted or swapped in. */
    static Arbitrary<byte[]> mutated(Arbitrary<String> text) {
        Arbitrary<byte[]> insert = Arbitraries.of("<", ">", "\"", "{", "}", "\\", " ", "@", "^", "_", ":", ".", "#",
                "\t", "%", "\u00e9", "\n", "\uFFFF", "\u0000").map(s -> s.getBytes(StandardCharsets.UTF_8));
        Arbitrary<byte[]> badByte = Arbitraries.of(new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xC3},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80});
        return Combinators.combine(text, Arbitraries.integers().between(0, 1_000_000),
                Arbitraries.of(Op.values()), Arbitraries.oneOf(insert, insert, insert, badByte))
                .as((t, at, op, bytes) -> mutate(t.getBytes(StandardCharsets.UTF_8), at, op, bytes));
    }

    enum Op { DELETE, INSERT, REPLACE }

    private static byte[] mutate(byte[] b, int at, Op op, byte[] with) {
        int p = at % Math.max(1, b.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + with.length);
        out.write(b, 0, p);
        if (op != Op.DELETE) {
            out.writeBytes(with);
        }
        int rest = op == Op.INSERT ? p : Math.min(b.length, p + 1);
        out.write(b, rest, b.length - rest);
        return out.toByteArray();
    }

    static byte[] lines(List<String> lines) {
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }
}
