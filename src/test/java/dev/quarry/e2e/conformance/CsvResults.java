package dev.quarry.e2e.conformance;

import dev.quarry.testing.w3c.ManifestEntry;
import dev.quarry.testing.w3c.TestVocab;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.query.Query;
import org.apache.jena.rdf.model.Resource;

/**
 * One {@code mf:CSVResultFormatTest}: CSV keeps only lexical forms, so the server's CSV
 * answer is compared with the expected file as text: the header, then the rows as a
 * multiset (the query has no ORDER BY), blank nodes compared by how many distinct labels
 * there are, not by label.
 */
final class CsvResults {
    private CsvResults() {}

    static void check(ManifestEntry e, StoreFixture fixture, HttpTarget csv) {
        Resource action = e.action();
        Path queryFile = ManifestEntry.file(ManifestEntry.one(action, TestVocab.QT_QUERY));
        Query query = SparqlSyntax.query(queryFile);
        fixture.fresh();
        QueryEvaluation.load(fixture, action, query);
        List<List<String>> actual = rows(csv.selectText(queryFile));
        List<List<String>> expected;
        try {
            expected = rows(Files.readString(ManifestEntry.file(e.result()), StandardCharsets.UTF_8));
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        assertEquals(expected.get(0), actual.get(0), "header");
        assertEquals(blankLabels(expected), blankLabels(actual), "distinct blank nodes");
        assertEquals(sortedWithoutLabels(expected), sortedWithoutLabels(actual), "rows");
    }

    /** RFC 4180 records: fields split at commas outside quotes, {@code ""} inside quotes a quote. */
    static List<List<String>> rows(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' || c == '\n') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        if (field.length() > 0 || !row.isEmpty()) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }

    private static int blankLabels(List<List<String>> rows) {
        Set<String> labels = new HashSet<>();
        rows.stream().skip(1).flatMap(List::stream).filter(f -> f.startsWith("_:")).forEach(labels::add);
        return labels.size();
    }

    private static List<String> sortedWithoutLabels(List<List<String>> rows) {
        return rows.stream().skip(1)
                .map(r -> String.join("\u0001", r.stream().map(f -> f.startsWith("_:") ? "_:" : f).toList()))
                .sorted().toList();
    }
}
