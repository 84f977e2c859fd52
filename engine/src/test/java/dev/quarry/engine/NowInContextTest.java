package dev.quarry.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The query start time is put in the context only for texts that may call NOW(). */
class NowInContextTest {
    @Test
    void textsThatMayCallNowAreRecognised() {
        assertTrue(SparqlEngine.mayCallNow("SELECT (NOW() AS ?t) {}"));
        assertTrue(SparqlEngine.mayCallNow("select (now ( ) as ?t) {}"));
        assertTrue(SparqlEngine.mayCallNow("SELECT (nOw() AS ?t) {}"));
        assertTrue(SparqlEngine.mayCallNow("SELECT (\\u004EOW() AS ?t) {}"));
        assertFalse(SparqlEngine.mayCallNow("SELECT * { ?s ?p ?o } LIMIT 10"));
        assertFalse(SparqlEngine.mayCallNow("ASK {}"));
    }
}
