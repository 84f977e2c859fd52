package dev.quarry.e2e.conformance;

import dev.quarry.testing.w3c.ManifestEntry;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryException;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;
import org.junit.jupiter.api.function.Executable;

/**
 * Reading SPARQL 1.1 query and update files (strictly SPARQL 1.1, not Jena's
 * extended syntax) and the syntax tests of the suites, whose action is the file.
 */
final class SparqlSyntax {
    private SparqlSyntax() {}

    static Query query(Path file) {
        return QueryFactory.create(text(file), file.toUri().toString(), Syntax.syntaxSPARQL_11);
    }

    static UpdateRequest update(Path file) {
        return UpdateFactory.create(text(file), file.toUri().toString(), Syntax.syntaxSPARQL_11);
    }

    /** The test for a syntax entry, or null if {@code e} is not one. */
    static Executable syntaxTest(ManifestEntry e) {
        String type = e.type();
        if (!type.contains("SyntaxTest")) {
            return null;
        }
        Path file = ManifestEntry.file(e.action());
        boolean isUpdate = type.contains("Update");
        Executable parse = isUpdate ? () -> update(file) : () -> query(file);
        if (type.startsWith("Negative")) {
            return () -> assertThrows(QueryException.class, parse, "parses, but the suite says it is invalid");
        }
        return parse;
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
