package dev.quarry.endpoint.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Our parameter decoder against Netty's, the reference it replaces, on random and chosen inputs. */
class UrlEncodedParamsTest {
    /** Separators, escapes good and bad, bytes that are not UTF-8, raw non-ASCII, SPARQL punctuation. */
    private static final String[] PIECES = {"a", "query", "q", "=", "&", "#", "?", ";", "+", "%20", "%2B", "%26", "%3D",
        "%7B", "%3C", "%3E", "%C3%A9", "%C3", "%A9", "%E2%82%AC", "%E2%82", "%F0%9F%98%80", "%FF", "%", "%2", "%ZZ",
        "%g0", "%0g", "\u00e9", "\u20ac", "\ud83d\ude00", "x y", "SELECT", "<http://ex.org/a>", "%%", "=="};

    @Test
    void randomStringsDecodeAsNettyDecodesThem() {
        SplittableRandom random = new SplittableRandom(1129);
        for (Charset charset : List.of(StandardCharsets.UTF_8, StandardCharsets.ISO_8859_1)) {
            for (int round = 0; round < 20_000; round++) {
                StringBuilder sb = new StringBuilder();
                int pieces = random.nextInt(12);
                for (int i = 0; i < pieces; i++) {
                    sb.append(PIECES[random.nextInt(PIECES.length)]);
                }
                assertSame(sb.toString(), charset);
            }
        }
    }

    @Test
    void chosenInputs() {
        for (String s : List.of("", "?", "#", "?query=SELECT+*+%7B%3Fs+%3Fp+%3Fo%7D", "a=1&a=2&b", "=x&y=", "a==b",
                "&&a&&", "q=%C3%A9t%C3%A9", "q=%C3", "q=caf\u00e9", "a=1;b=2", "a=1#b=2", "q=%", "q=%2", "q=%ZZ",
                "q=%\u0663\u0663")) {
            assertSame(s, StandardCharsets.UTF_8);
        }
        assertEquals(Map.of("query", List.of("SELECT * {?s ?p ?o}")),
                UrlEncodedParams.decode("/sparql?query=SELECT+*+%7B%3Fs+%3Fp+%3Fo%7D", 7, StandardCharsets.UTF_8));
    }

    @Test
    void parametersPastTheLimitAreIgnored() {
        String s = "p=1&".repeat(UrlEncodedParams.MAX_PARAMS) + "last=2";
        assertEquals(UrlEncodedParams.MAX_PARAMS, UrlEncodedParams.decode(s, 0, StandardCharsets.UTF_8).get("p").size());
        assertSame(s, StandardCharsets.UTF_8);
    }

    private static void assertSame(String s, Charset charset) {
        QueryStringDecoder netty = QueryStringDecoder.builder().hasPath(false).semicolonIsNormalChar(true).charset(charset)
                .build(s);
        Map<String, List<String>> expected;
        try {
            expected = netty.parameters();
        } catch (IllegalArgumentException e) {
            assertThrows(IllegalArgumentException.class, () -> UrlEncodedParams.decode(s, 0, charset), s);
            return;
        }
        Map<String, List<String>> actual = UrlEncodedParams.decode(s, 0, charset);
        // the same entries in the same order
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(actual.entrySet()), () -> "decoding " + s + " in " + charset);
    }
}
