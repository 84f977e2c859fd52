package dev.quarry.engine.output;

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
import org.apache.jena.sparql.util.FmtUtils;

/**
 * SELECT and ASK results in the four SPARQL result formats, streamed row by row as the
 * solutions come: JSON and XML with ARQ's members and elements (language tags, base
 * directions, datatypes, RDF 1.2 triple terms), CSV and TSV as the SPARQL 1.1 CSV/TSV
 * note says (CSV: plain values, blank nodes {@code _:label}; TSV: terms in Turtle
 * syntax). Blank nodes are labelled b0, b1, ... per response.
 */
public final class ResultWriter {
    /** The formats. */
    public enum Format { JSON, XML, CSV, TSV }

    private final Utf8Buffer out;
    private final Format format;
    private final Map<Node, String> blankLabels = new HashMap<>();

    private ResultWriter(OutputStream out, Format format) {
        this.out = new Utf8Buffer(out);
        this.format = format;
    }

    /** Writes all rows of {@code solutions} (flushes the buffer, does not close the stream). */
    public static void writeSolutions(OutputStream stream, Format format, Solutions solutions) throws IOException {
        new ResultWriter(stream, format).solutions(solutions);
    }

    public static void writeBoolean(OutputStream stream, Format format, boolean answer) throws IOException {
        new ResultWriter(stream, format).bool(answer);
    }

    private void solutions(Solutions s) throws IOException {
        List<Var> vars = s.vars();
        switch (format) {
            case JSON -> json(s, vars);
            case XML -> xml(s, vars);
            case CSV -> csv(s, vars);
            case TSV -> tsv(s, vars);
        }
        out.flush();
    }

    private void bool(boolean answer) throws IOException {
        switch (format) {
            case JSON -> out.ascii("{ \"head\": { }, \"boolean\": ").ascii(answer ? "true" : "false").ascii(" }\n");
            case XML -> out.ascii("<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">"
                    + "<head></head><boolean>" + answer + "</boolean></sparql>\n");
            case CSV -> out.ascii("_askResult\r\n").ascii(answer ? "true" : "false").ascii("\r\n");
            case TSV -> out.ascii("?_askResult\n").ascii(answer ? "true" : "false").ascii("\n");
        }
        out.flush();
    }

    // ------------------------------------------------------------------ JSON

    private void json(Solutions s, List<Var> vars) throws IOException {
        out.ascii("{ \"head\": { \"vars\": [");
        for (int i = 0; i < vars.size(); i++) {
            out.ascii(i == 0 ? " " : ", ").json(vars.get(i).getVarName());
        }
        out.ascii(" ] },\n  \"results\": { \"bindings\": [");
        boolean firstRow = true;
        while (s.next()) {
            out.ascii(firstRow ? "\n    {" : ",\n    {");
            firstRow = false;
            boolean first = true;
            for (int i = 0; i < vars.size(); i++) {
                Node n = s.get(i);
                if (n != null) {
                    out.ascii(first ? " " : ", ").json(vars.get(i).getVarName()).ascii(": ");
                    first = false;
                    jsonTerm(n);
                }
            }
            out.ascii(" }");
        }
        out.ascii("\n  ] }\n}\n");
    }

    private void jsonTerm(Node n) throws IOException {
        if (n.isURI()) {
            out.ascii("{ \"type\": \"uri\", \"value\": ").json(n.getURI()).ascii(" }");
        } else if (n.isLiteral()) {
            out.ascii("{ \"type\": \"literal\", ");
            if (Util.isSimpleString(n) || Util.isLangString(n) || Util.isDirLangString(n)) {
                String lang = n.getLiteralLanguage();
                if (lang != null && !lang.isEmpty()) {
                    out.ascii("\"xml:lang\": ").json(lang).ascii(", ");
                }
                TextDirection dir = n.getLiteralBaseDirection();
                if (dir != null) {
                    out.ascii("\"its:dir\": ").json(dir.direction()).ascii(", ");
                }
            } else {
                out.ascii("\"datatype\": ").json(n.getLiteralDatatypeURI()).ascii(", ");
            }
            out.ascii("\"value\": ").json(n.getLiteralLexicalForm()).ascii(" }");
        } else if (n.isBlank()) {
            out.ascii("{ \"type\": \"bnode\", \"value\": ").json(label(n)).ascii(" }");
        } else if (n.isTripleTerm()) {
            Triple t = n.getTriple();
            out.ascii("{ \"type\": \"triple\", \"value\": { \"subject\": ");
            jsonTerm(t.getSubject());
            out.ascii(", \"predicate\": ");
            jsonTerm(t.getPredicate());
            out.ascii(", \"object\": ");
            jsonTerm(t.getObject());
            out.ascii(" } }");
        } else {
            throw new IOException("cannot write " + n + " in SPARQL JSON results");
        }
    }

    // ------------------------------------------------------------------ XML

    /**
     * Without indentation: whitespace between elements is text every XML reader has to
     * build and skip (a DOM-building client makes a node of each), for nobody's benefit.
     */
    private void xml(Solutions s, List<Var> vars) throws IOException {
        out.ascii("<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\"><head>");
        for (Var v : vars) {
            out.ascii("<variable name=\"").xml(v.getVarName()).ascii("\"/>");
        }
        out.ascii("</head><results>");
        while (s.next()) {
            out.ascii("<result>");
            for (int i = 0; i < vars.size(); i++) {
                Node n = s.get(i);
                if (n != null) {
                    out.ascii("<binding name=\"").xml(vars.get(i).getVarName()).ascii("\">");
                    xmlTerm(n);
                    out.ascii("</binding>");
                }
            }
            out.ascii("</result>");
        }
        out.ascii("</results></sparql>\n");
    }

    private void xmlTerm(Node n) throws IOException {
        if (n.isURI()) {
            out.ascii("<uri>").xml(n.getURI()).ascii("</uri>");
        } else if (n.isLiteral()) {
            out.ascii("<literal");
            if (Util.isSimpleString(n) || Util.isLangString(n) || Util.isDirLangString(n)) {
                String lang = n.getLiteralLanguage();
                if (lang != null && !lang.isEmpty()) {
                    out.ascii(" xml:lang=\"").xml(lang).ascii("\"");
                }
                TextDirection dir = n.getLiteralBaseDirection();
                if (dir != null) {
                    out.ascii(" its:dir=\"").xml(dir.direction())
                            .ascii("\" xmlns:its=\"http://www.w3.org/2005/11/its\" its:version=\"2.0\"");
                }
            } else {
                out.ascii(" datatype=\"").xml(n.getLiteralDatatypeURI()).ascii("\"");
            }
            out.ascii(">").xml(n.getLiteralLexicalForm()).ascii("</literal>");
        } else if (n.isBlank()) {
            out.ascii("<bnode>").xml(label(n)).ascii("</bnode>");
        } else if (n.isTripleTerm()) {
            Triple t = n.getTriple();
            out.ascii("<triple><subject>");
            xmlTerm(t.getSubject());
            out.ascii("</subject><predicate>");
            xmlTerm(t.getPredicate());
            out.ascii("</predicate><object>");
            xmlTerm(t.getObject());
            out.ascii("</object></triple>");
        } else {
            throw new IOException("cannot write " + n + " in SPARQL XML results");
        }
    }

    // ------------------------------------------------------------------ CSV and TSV

    private void csv(Solutions s, List<Var> vars) throws IOException {
        for (int i = 0; i < vars.size(); i++) {
            if (i > 0) {
                out.put(',');
            }
            csvField(vars.get(i).getVarName());
        }
        out.ascii("\r\n");
        while (s.next()) {
            for (int i = 0; i < vars.size(); i++) {
                if (i > 0) {
                    out.put(',');
                }
                Node n = s.get(i);
                if (n != null) {
                    csvField(n.isURI() ? n.getURI() : n.isLiteral() ? n.getLiteralLexicalForm()
                            : n.isBlank() ? "_:" + label(n) : FmtUtils.stringForNode(n));
                }
            }
            out.ascii("\r\n");
        }
    }

    private void csvField(String v) throws IOException {
        boolean quote = v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0;
        if (!quote) {
            out.text(v);
            return;
        }
        out.put('"');
        out.text(v.replace("\"", "\"\""));
        out.put('"');
    }

    private void tsv(Solutions s, List<Var> vars) throws IOException {
        for (int i = 0; i < vars.size(); i++) {
            if (i > 0) {
                out.put('\t');
            }
            out.put('?');
            out.text(vars.get(i).getVarName());
        }
        out.put('\n');
        while (s.next()) {
            for (int i = 0; i < vars.size(); i++) {
                if (i > 0) {
                    out.put('\t');
                }
                Node n = s.get(i);
                if (n != null) {
                    out.text(n.isBlank() ? "_:" + label(n) : FmtUtils.stringForNode(n));
                }
            }
            out.put('\n');
        }
    }

    private String label(Node blank) {
        return blankLabels.computeIfAbsent(blank, k -> "b" + blankLabels.size());
    }
}
