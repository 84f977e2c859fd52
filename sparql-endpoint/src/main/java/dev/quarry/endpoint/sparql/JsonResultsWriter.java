package dev.quarry.endpoint.sparql;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;
import org.apache.jena.rdf.model.impl.Util;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.RowSet;

/**
 * SELECT and ASK results as {@code application/sparql-results+json}, encoded straight
 * to UTF-8 bytes. ARQ's writer builds an IndentedWriter over a BufferedWriter (an 8 KB
 * buffer) per response and moves most characters one at a time through a StringBuffer;
 * for the small results of typical queries that cost more than computing them. The
 * members are ARQ's (the same types, {@code xml:lang}, {@code its:dir}, {@code datatype},
 * RDF 1.2 triple terms, blank nodes labelled b0, b1, ... per response), without the
 * indentation. Rows are written as they come, so a long result still streams.
 */
final class JsonResultsWriter {
    private final OutputStream out;
    private final byte[] buf = new byte[4096];
    private int n;
    private final Map<Node, String> blankLabels = new HashMap<>();

    private JsonResultsWriter(OutputStream out) {
        this.out = out;
    }

    static void writeBoolean(OutputStream out, boolean answer) throws IOException {
        JsonResultsWriter w = new JsonResultsWriter(out);
        w.ascii("{ \"head\": { }, \"boolean\": ").ascii(answer ? "true" : "false").ascii(" }\n");
        w.flushBuffer();
    }

    static void writeRows(OutputStream out, RowSet rows) throws IOException {
        JsonResultsWriter w = new JsonResultsWriter(out);
        List<Var> vars = rows.getResultVars();
        w.ascii("{ \"head\": { \"vars\": [");
        for (int i = 0; i < vars.size(); i++) {
            w.ascii(i == 0 ? " " : ", ").string(vars.get(i).getVarName());
        }
        w.ascii(" ] },\n  \"results\": { \"bindings\": [");
        boolean first = true;
        while (rows.hasNext()) {
            w.ascii(first ? "\n    " : ",\n    ");
            first = false;
            w.row(rows.next(), vars);
        }
        w.ascii("\n  ] }\n}\n");
        w.flushBuffer();
    }

    private void row(Binding b, List<Var> vars) throws IOException {
        ascii("{");
        boolean first = true;
        for (Var v : vars) {
            Node node = b.get(v);
            if (node == null) {
                continue; // unbound: no member
            }
            ascii(first ? " " : ", ").string(v.getVarName()).ascii(": ");
            first = false;
            term(node);
        }
        ascii(" }");
    }

    private void term(Node node) throws IOException {
        if (node.isURI()) {
            ascii("{ \"type\": \"uri\", \"value\": ").string(node.getURI()).ascii(" }");
        } else if (node.isLiteral()) {
            literal(node);
        } else if (node.isBlank()) {
            String label = blankLabels.computeIfAbsent(node, k -> "b" + blankLabels.size());
            ascii("{ \"type\": \"bnode\", \"value\": ").string(label).ascii(" }");
        } else if (node.isTripleTerm()) {
            Triple t = node.getTriple();
            ascii("{ \"type\": \"triple\", \"value\": { \"subject\": ");
            term(t.getSubject());
            ascii(", \"predicate\": ");
            term(t.getPredicate());
            ascii(", \"object\": ");
            term(t.getObject());
            ascii(" } }");
        } else {
            throw new IOException("cannot write " + node + " in SPARQL JSON results");
        }
    }

    private void literal(Node node) throws IOException {
        ascii("{ \"type\": \"literal\", ");
        if (Util.isSimpleString(node) || Util.isLangString(node) || Util.isDirLangString(node)) {
            String lang = node.getLiteralLanguage();
            if (lang != null && !lang.isEmpty()) {
                ascii("\"xml:lang\": ").string(lang).ascii(", ");
            }
            TextDirection dir = node.getLiteralBaseDirection();
            if (dir != null) {
                ascii("\"its:dir\": ").string(dir.direction()).ascii(", ");
            }
        } else {
            ascii("\"datatype\": ").string(node.getLiteralDatatypeURI()).ascii(", ");
        }
        ascii("\"value\": ").string(node.getLiteralLexicalForm()).ascii(" }");
    }

    // ------------------------------------------------------------------ bytes

    /** Text known to be ASCII and to need no escaping. */
    private JsonResultsWriter ascii(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            put(s.charAt(i));
        }
        return this;
    }

    /** A JSON string: quoted, escaped, UTF-8. */
    private JsonResultsWriter string(String s) throws IOException {
        put('"');
        int len = s.length();
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x80) {
                if (c == '"' || c == '\\') {
                    put('\\');
                }
                put(c);
            } else if (c < 0x20) {
                escapeControl(c);
            } else if (c < 0x800) {
                put(0xC0 | (c >> 6));
                put(0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                put(0xF0 | (cp >> 18));
                put(0x80 | ((cp >> 12) & 0x3F));
                put(0x80 | ((cp >> 6) & 0x3F));
                put(0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                put('?'); // a lone surrogate has no UTF-8 form (as String.getBytes does)
            } else {
                put(0xE0 | (c >> 12));
                put(0x80 | ((c >> 6) & 0x3F));
                put(0x80 | (c & 0x3F));
            }
        }
        put('"');
        return this;
    }

    private void escapeControl(char c) throws IOException {
        put('\\');
        switch (c) {
            case '\n' -> put('n');
            case '\r' -> put('r');
            case '\t' -> put('t');
            case '\b' -> put('b');
            case '\f' -> put('f');
            default -> {
                ascii("u00");
                put(Character.forDigit(c >> 4, 16));
                put(Character.forDigit(c & 0xF, 16));
            }
        }
    }

    private void put(int b) throws IOException {
        if (n == buf.length) {
            flushBuffer();
        }
        buf[n++] = (byte) b;
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, n);
        n = 0;
    }
}
