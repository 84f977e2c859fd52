package dev.quarry.bench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RowCounterTest {

    private static InputStream in(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void countsBindingsNotTheObjectsInsideThem() throws IOException {
        String json = """
            { "head": { "vars": [ "bindings", "o" ] },
              "results": { "bindings": [
                { "bindings": { "type": "literal", "value": "a \\" { [ bindings" }, "o": { "type": "uri", "value": "urn:x" } },
                { "o": { "type": "literal", "value": "}]}", "xml:lang": "en" } },
                {}
              ] } }
            """;
        assertEquals(3, RowCounter.jsonRows(in(json)));
        assertEquals(0, RowCounter.jsonRows(in("{\"head\":{\"vars\":[]},\"results\":{\"bindings\":[]}}")));
    }

    @Test
    void askAnswersCountAsOneOrZero() throws IOException {
        assertEquals(1, RowCounter.jsonRows(in("{ \"head\" : {}, \"boolean\" : true }")));
        assertEquals(0, RowCounter.jsonRows(in("{\"head\":{},\"boolean\":false}")));
    }

    @Test
    void aCutOffOrForeignBodyIsAnError() {
        assertThrows(IOException.class, () -> RowCounter.jsonRows(in("{\"head\":{},\"results\":{\"bindings\":[{},{")));
        assertThrows(IOException.class, () -> RowCounter.jsonRows(in("{\"head\":{},\"results\":{\"bindings\":[{\"v\":\"ab")));
        assertThrows(IOException.class, () -> RowCounter.jsonRows(in("{\"error\":\"oops\"}")));
        assertThrows(IOException.class, () -> RowCounter.ntriplesLines(in("<urn:a> <urn:b> \"c\" .\n<urn:a> <urn:b> \"d")));
    }

    @Test
    void countsStatementLinesOfNTriples() throws IOException {
        String nt = "# comment\n<urn:a> <urn:b> \"c # not a comment\" .\n\n  <urn:a> <urn:b> _:x .\r\n_:x <urn:b> \"z\"@en .";
        assertEquals(3, RowCounter.ntriplesLines(in(nt)));
        assertEquals(0, RowCounter.ntriplesLines(in("")));
    }
}
