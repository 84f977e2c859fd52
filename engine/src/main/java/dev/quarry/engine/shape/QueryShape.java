package dev.quarry.engine.shape;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.vocabulary.RDF;

/**
 * A query text split into its shape and its constants: a light SPARQL tokenizer finds
 * the IRIs, {@code a}, plain and tagged string literals and numbers that stand for RDF
 * terms, and replaces each with a numbered slot; everything else (keywords, variables,
 * prefix declarations, function names, LIMIT counts, escaped strings...) stays in the
 * shape as written. Equal constants share a slot, so the shape also records which
 * constants are equal. Two texts with one shape are the same query up to the constants
 * (and the prologue, which is part of the shape), which is what lets
 * {@link ShapeCache} reuse the parsed algebra of the first for the others.
 *
 * <p>The tokenizer never decides what a query means: a text it cannot split with
 * certainty gets no shape ({@link #of} returns null) and is parsed by ARQ as usual, and
 * a shape is only reused after a check against ARQ ({@link ShapeCache}).
 */
public final class QueryShape {
    private final String key;
    private final List<Node> constants;
    /** Per slot, how to write a different constant of the same kind into the text (see {@link #probeText}). */
    private final List<Kind> kinds;
    private final List<int[]> spans;

    /** What a constant is, for writing a stand-in of the same kind. */
    enum Kind { IRI, LITERAL, INTEGER, DECIMAL, DOUBLE }

    private QueryShape(String key, List<Node> constants, List<Kind> kinds, List<int[]> spans) {
        this.key = key;
        this.constants = constants;
        this.kinds = kinds;
        this.spans = spans;
    }

    /** The shape: the text with constants replaced by slots; equal keys mean the same query up to constants. */
    public String key() {
        return key;
    }

    /** The constant of each slot. */
    public List<Node> constants() {
        return constants;
    }

    /**
     * The query text with every constant replaced by a different one of the same kind
     * ({@code probe} gives slot {@code i} its stand-in), for checking that the algebra
     * depends on the constants only through where they stand.
     */
    String probeText(String text, Node[] probe) {
        StringBuilder sb = new StringBuilder(text.length() + 64);
        int last = 0;
        for (int[] span : spans) {
            sb.append(text, last, span[0]);
            sb.append(write(probe[span[2]], kinds.get(span[2]), text.substring(span[0], span[1])));
            last = span[1];
        }
        sb.append(text, last, text.length());
        return sb.toString();
    }

    /** A stand-in for slot {@code i} of this shape: a term of the same kind that no query is likely to contain. */
    Node probe(int i) {
        return switch (kinds.get(i)) {
            case IRI -> NodeFactory.createURI("urn:x-quarry-probe:" + i);
            case LITERAL -> {
                Node c = constants.get(i);
                String lex = "x-quarry-probe-" + i;
                String lang = c.getLiteralLanguage();
                yield lang != null && !lang.isEmpty() ? NodeFactory.createLiteralLang(lex, lang)
                        : NodeFactory.createLiteralDT(lex, c.getLiteralDatatype());
            }
            case INTEGER -> NodeFactory.createLiteralDT(Long.toString(987_654_321_000L + i), XSDDatatype.XSDinteger);
            case DECIMAL -> NodeFactory.createLiteralDT("98765.4321" + (1000 + i), XSDDatatype.XSDdecimal);
            case DOUBLE -> NodeFactory.createLiteralDT("9.87654321" + (1000 + i) + "e77", XSDDatatype.XSDdouble);
        };
    }

    private static String write(Node n, Kind kind, String original) {
        return switch (kind) {
            case IRI -> "<" + n.getURI() + ">";
            case LITERAL -> literal(n);
            case INTEGER, DECIMAL, DOUBLE -> n.getLiteralLexicalForm();
        };
    }

    /** A stand-in literal (plain ASCII lexical form) in full syntax: no prefix needed. */
    private static String literal(Node n) {
        String lang = n.getLiteralLanguage();
        String quoted = "\"" + n.getLiteralLexicalForm() + "\"";
        if (lang != null && !lang.isEmpty()) {
            return quoted + "@" + lang;
        }
        String dt = n.getLiteralDatatypeURI();
        return dt.equals(XSDDatatype.XSDstring.getURI()) ? quoted : quoted + "^^<" + dt + ">";
    }

    // ------------------------------------------------------------------ tokenizer

    /**
     * The shape of {@code text}, or null when the tokenizer cannot split it with certainty
     * (the query is then parsed as usual). {@code prefixes} resolves prefixed names: the
     * text's own PREFIX declarations are read as they come.
     */
    public static QueryShape of(String text) {
        try {
            return new Tokenizer(text).run();
        } catch (NoShape e) {
            return null;
        }
    }

    /** The text cannot be split with certainty. */
    private static final class NoShape extends Exception {
        NoShape() {
            super(null, null, false, false);
        }
    }

    private static final class Tokenizer {
        private final String s;
        private final int n;
        private int i;
        private final StringBuilder key = new StringBuilder();
        private final List<Node> constants = new ArrayList<>();
        private final List<Kind> kinds = new ArrayList<>();
        private final List<int[]> spans = new ArrayList<>();
        private final java.util.Map<String, String> prefixes = new java.util.HashMap<>();
        /** The previous significant token, upper-cased when it is a word. */
        private String previous = "";
        private String previousText = "";
        private String beforePrevious = "";

        Tokenizer(String s) {
            this.s = s;
            this.n = s.length();
        }

        QueryShape run() throws NoShape {
            while (true) {
                skipSpace();
                if (i >= n) {
                    break;
                }
                char c = s.charAt(i);
                int start = i;
                if (c == '<' && iriAhead()) {
                    String iri = s.substring(start + 1, i - 1);
                    if (previous.equals("PREFIX") || beforePrevious.equals("PREFIX") || previous.equals("BASE")
                            || previous.equals("FROM") || previous.equals("NAMED")
                            || iri.indexOf(':') < 0 || iri.indexOf('\\') >= 0 || functionCallAhead()) {
                        if (beforePrevious.equals("PREFIX")) {
                            prefixes.put(previousText, iri);
                        }
                        fixed(start, i); // relative IRIs, prologue IRIs and function names stay in the shape
                    } else {
                        constant(start, i, NodeFactory.createURI(iri), Kind.IRI);
                    }
                } else if (c == '"' || c == '\'') {
                    string(start);
                } else if (c == '?' || c == '$') {
                    i++;
                    while (i < n && nameChar(s.charAt(i))) {
                        i++;
                    }
                    fixed(start, i);
                } else if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(s.charAt(i + 1)))) {
                    number(start);
                } else if (nameStart(c)) {
                    word(start);
                } else {
                    punctuation(start);
                }
            }
            return new QueryShape(key.toString(), constants, kinds, spans);
        }

        private void skipSpace() {
            while (i < n) {
                char c = s.charAt(i);
                if (c == '#') {
                    while (i < n && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
                        i++;
                    }
                } else if (Character.isWhitespace(c)) {
                    i++;
                } else {
                    return;
                }
            }
        }

        /** At '<': an IRIREF follows (no space or forbidden character before '>'); moves past it if so. */
        private boolean iriAhead() {
            for (int j = i + 1; j < n; j++) {
                char c = s.charAt(j);
                if (c == '>') {
                    i = j + 1;
                    return true;
                }
                if (c <= 0x20 || c == '<' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^' || c == '`') {
                    return false;
                }
            }
            return false;
        }

        private boolean functionCallAhead() {
            int j = i;
            while (j < n && Character.isWhitespace(s.charAt(j))) {
                j++;
            }
            return j < n && s.charAt(j) == '(';
        }

        private void string(int start) throws NoShape {
            char q = s.charAt(i);
            boolean longString = i + 2 < n && s.charAt(i + 1) == q && s.charAt(i + 2) == q;
            int open = longString ? 3 : 1;
            i += open;
            int bodyStart = i;
            boolean escaped = false;
            while (true) {
                if (i >= n) {
                    throw new NoShape();
                }
                char c = s.charAt(i);
                if (c == '\\') {
                    escaped = true;
                    i += 2;
                    continue;
                }
                if (c == q && (!longString || (i + 2 < n && s.charAt(i + 1) == q && s.charAt(i + 2) == q))) {
                    break;
                }
                if (!longString && (c == '\n' || c == '\r')) {
                    throw new NoShape();
                }
                i++;
            }
            String body = s.substring(bodyStart, i);
            i += open;
            if (i < n && s.charAt(i) == '@') {
                int tagStart = ++i;
                while (i < n && (isLetter(s.charAt(i)) || isDigit(s.charAt(i)) || s.charAt(i) == '-')) {
                    i++;
                }
                if (i == tagStart || escaped) {
                    fixed(start, i);
                    return;
                }
                constant(start, i, NodeFactory.createLiteralLang(body, s.substring(tagStart, i)), Kind.LITERAL);
            } else if (i + 1 < n && s.charAt(i) == '^' && s.charAt(i + 1) == '^') {
                i += 2;
                skipSpace();
                String datatype;
                if (i < n && s.charAt(i) == '<') {
                    int dtStart = i;
                    if (!iriAhead()) {
                        throw new NoShape();
                    }
                    datatype = s.substring(dtStart + 1, i - 1);
                } else {
                    int dtStart = i;
                    while (i < n && pnameChar(s.charAt(i))) {
                        i++;
                    }
                    trimTrailingDots();
                    datatype = expand(s.substring(dtStart, i));
                }
                if (escaped || datatype == null || datatype.indexOf(':') < 0) {
                    fixed(start, i);
                } else {
                    constant(start, i, NodeFactory.createLiteralDT(body, NodeFactory.getType(datatype)), Kind.LITERAL);
                }
            } else if (escaped) {
                fixed(start, i);
            } else {
                constant(start, i, NodeFactory.createLiteralString(body), Kind.LITERAL);
            }
        }

        private void number(int start) {
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            Kind kind = Kind.INTEGER;
            if (i + 1 < n && s.charAt(i) == '.' && isDigit(s.charAt(i + 1))) {
                kind = Kind.DECIMAL;
                i++;
                while (i < n && isDigit(s.charAt(i))) {
                    i++;
                }
            }
            if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                int j = i + 1;
                if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                    j++;
                }
                if (j < n && isDigit(s.charAt(j))) {
                    kind = Kind.DOUBLE;
                    i = j;
                    while (i < n && isDigit(s.charAt(i))) {
                        i++;
                    }
                }
            }
            String lex = s.substring(start, i);
            if (previous.equals("LIMIT") || previous.equals("OFFSET") || (i < n && nameChar(s.charAt(i)))) {
                fixed(start, i);
                return;
            }
            XSDDatatype dt = switch (kind) {
                case INTEGER -> XSDDatatype.XSDinteger;
                case DECIMAL -> XSDDatatype.XSDdecimal;
                default -> XSDDatatype.XSDdouble;
            };
            constant(start, i, NodeFactory.createLiteralDT(lex, dt), kind);
        }

        /** A keyword, a function name, {@code a}, or a prefixed name. */
        private void word(int start) throws NoShape {
            while (i < n && pnameChar(s.charAt(i))) {
                i++;
            }
            trimTrailingDots();
            String w = s.substring(start, i);
            int colon = w.indexOf(':');
            if (colon < 0) {
                if (w.equals("a") && !functionCallAhead()) {
                    constant(start, i, RDF.Nodes.type, Kind.IRI);
                } else {
                    fixed(start, i);
                }
                return;
            }
            String iri = previous.equals("PREFIX") || functionCallAhead() ? null : expand(w);
            if (iri == null) {
                fixed(start, i);
                return;
            }
            constant(start, i, NodeFactory.createURI(iri), Kind.IRI);
        }

        /** The IRI of a prefixed name whose prefix the text declared, or null (unknown prefix, escapes, no local part). */
        private String expand(String pname) {
            int colon = pname.indexOf(':');
            if (colon < 0) {
                return null;
            }
            String ns = prefixes.get(pname.substring(0, colon + 1));
            String local = pname.substring(colon + 1);
            if (ns == null || local.isEmpty() || local.indexOf('\\') >= 0) {
                return null;
            }
            return ns + local;
        }

        private void trimTrailingDots() {
            while (s.charAt(i - 1) == '.') {
                i--;
            }
        }

        private void punctuation(int start) {
            char c = s.charAt(i++);
            if (i < n) {
                char d = s.charAt(i);
                if ((c == '<' && d == '=') || (c == '>' && d == '=') || (c == '!' && d == '=') || (c == '&' && d == '&')
                        || (c == '|' && d == '|') || (c == '^' && d == '^')) {
                    i++;
                }
            }
            fixed(start, i);
        }

        private void fixed(int start, int end) {
            String t = s.substring(start, end);
            key.append(t).append(' ');
            beforePrevious = previous;
            previous = isLetter(t.charAt(0)) ? t.toUpperCase(Locale.ROOT) : t;
            previousText = t;
        }

        private void constant(int start, int end, Node node, Kind kind) {
            int slot = constants.indexOf(node);
            if (slot < 0) {
                slot = constants.size();
                constants.add(node);
                kinds.add(kind);
            } else if (kinds.get(slot) != kind) {
                kinds.set(slot, kind); // the same term written two ways: the stand-in's kind is the last one
            }
            spans.add(new int[] {start, end, slot});
            key.append('$').append(kind.ordinal()).append('.').append(slot).append(' ');
            beforePrevious = previous;
            previous = "$";
            previousText = "$";
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private static boolean isLetter(char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        }

        private static boolean nameStart(char c) {
            return isLetter(c) || c == '_' || c == ':' || c >= 0x80;
        }

        private static boolean nameChar(char c) {
            return isLetter(c) || isDigit(c) || c == '_' || c >= 0x80;
        }

        private static boolean pnameChar(char c) {
            return nameChar(c) || c == '-' || c == '.' || c == ':' || c == '%' || c == '\\';
        }
    }
}
