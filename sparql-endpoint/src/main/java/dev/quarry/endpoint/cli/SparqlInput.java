package dev.quarry.endpoint.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * SPARQL text given on the command line or in a file, parsed with errors reported as
 * {@code source:line:col: message}, where source is the file or "query"/"update".
 */
record SparqlInput(String source, String text, boolean fromFile) {

    /** Exactly one of {@code inline} and {@code file} must be given. */
    static SparqlInput of(CommandLine cmd, String kind, String inline, Path file) throws IOException {
        if ((inline == null) == (file == null)) {
            throw new ParameterException(cmd, "give the " + kind + " either as an argument or with --file, not "
                    + (inline == null ? "neither" : "both"));
        }
        return inline != null ? new SparqlInput(kind, inline, false)
                : new SparqlInput(file.toString(), Files.readString(file), true);
    }

    /** SPARQL 1.1 with Jena's ARQ extensions, as Fuseki accepts it. */
    Query parseQuery() {
        try {
            return QueryFactory.create(text, Syntax.syntaxARQ);
        } catch (QueryParseException e) {
            throw positioned(e);
        }
    }

    UpdateRequest parseUpdate() {
        try {
            return UpdateFactory.create(text, Syntax.syntaxARQ);
        } catch (QueryParseException e) {
            throw positioned(e);
        }
    }

    /** "at line 3, column 1" in a message of Jena's parsers. */
    private static final Pattern POSITION = Pattern.compile("[Ll]ine (-?\\d+), column (-?\\d+)");

    private CliFailure positioned(QueryParseException e) {
        String first = firstLine(e.getMessage());
        // The message names the offending token; getLine()/getColumn() may name the one before it.
        long line = e.getLine(), column = e.getColumn();
        Matcher m = POSITION.matcher(first);
        if (m.find()) {
            line = Long.parseLong(m.group(1));
            column = Long.parseLong(m.group(2));
        }
        String message = first
                .replaceFirst("^[Ll]ine -?\\d+, column -?\\d+: ", "")
                .replaceAll(" at line -?\\d+, column -?\\d+\\.?", "")
                .strip();
        if (message.startsWith("Encountered")) {
            message = "syntax error: e" + message.substring(1);
        }
        if (line < 0) {
            // No position to show: "quarry query: <message>", or the file's name first.
            return new CliFailure(fromFile ? source + ": " + message : message, e);
        }
        return CliFailure.at(source, line, column, message, e);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "syntax error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
