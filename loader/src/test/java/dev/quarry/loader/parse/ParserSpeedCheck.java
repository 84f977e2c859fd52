package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.encoding.TermId;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fast path handles generated data without RIOT's help, and the same count of
 * statements as RIOT. Also prints (never asserts) the time of both on the same bytes,
 * the measurement that justifies the hand-written parser.
 */
class ParserSpeedCheck {
    @TempDir
    Path tmp;

    @Test
    void generatedDataNeedsNoFallbackAndMatchesRiotCount() throws Exception {
        StringWriter w = new StringWriter();
        new QuadGenerator(3).write(w, 200_000);
        byte[] data = w.toString().getBytes(StandardCharsets.UTF_8);
        long[] riotCount = {0};
        long riotNanos = 0, fastNanos = 0, fastCount = 0;
        try (QuadStore store = QuadStore.open(tmp.resolve("s")); BulkSession session = store.beginBulk()) {
            for (int round = 0; round < 3; round++) {
                long t0 = System.nanoTime();
                riotCount[0] = 0;
                RDFParser.source(new java.io.ByteArrayInputStream(data)).lang(Lang.NQUADS).parse(new StreamRDFBase() {
                    @Override
                    public void quad(Quad q) {
                        riotCount[0]++;
                    }
                });
                riotNanos = System.nanoTime() - t0;
                LoadDictionary dict = new LoadDictionary(session, session.scratchDirectory(), true, 256 << 20, 64);
                TermEncoder enc = new TermEncoder(dict, store.prefixes(), "t" + round);
                NQuadsParser parser = new NQuadsParser(enc, true);
                long[] n = {0};
                t0 = System.nanoTime();
                parser.parse(data, 0, data.length, 1, 1, TermId.DEFAULT_GRAPH, new FailingErrors(), (s, p, o, g) -> n[0]++);
                fastNanos = System.nanoTime() - t0;
                fastCount = n[0];
                assertEquals(0, parser.fallbackLines(), "lines the fast path left to RIOT");
                dict.close();
            }
        }
        assertEquals(riotCount[0], fastCount);
        System.out.printf("parse %d quads: RIOT (to Quad objects) %.0f k quads/s, fast path (to ids, dictionary included) %.0f k quads/s%n",
                fastCount, fastCount / (riotNanos / 1e6), fastCount / (fastNanos / 1e6));
    }

    private static final class FailingErrors implements ParseErrors {
        @Override
        public void parsingError(long line, long column, String message) {
            throw new AssertionError(line + ":" + column + ": " + message);
        }

        @Override
        public void datatypeMismatch(long line, long column, String message) {
            throw new AssertionError(line + ":" + column + ": " + message);
        }
    }
}
