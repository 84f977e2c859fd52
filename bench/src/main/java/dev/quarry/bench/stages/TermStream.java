package dev.quarry.bench.stages;

import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.store.encoding.TermId;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;

/**
 * The terms of N-Quads, four per quad in file order, as the loader's parser hands them to
 * its {@link TermEncoder}: a kind and UTF-8 byte ranges (IRI, blank label, lexical form,
 * datatype IRI, language tag). Replaying them encodes without parsing. Made once with RIOT
 * (labels as written); each term also gets a number, equal for equal terms, so the ids an
 * encoder gave can be checked exactly.
 */
final class TermStream {
    private static final byte IRI = 1, BLANK = 2, STRING = 3, LANG = 4, TYPED = 5, DEFAULT_GRAPH = 6;

    private byte[] bytes = new byte[1 << 20];
    private int used;
    private final byte[] kind;
    private final int[] from, length, xFrom, xLength;
    private final boolean[] astral;
    private final int[] termNumber;
    private final Map<String, Integer> langNumbers = new HashMap<>();
    private byte[][] langs = new byte[0][];
    private final Map<Node, Integer> numbers = new HashMap<>();
    private int size;

    private TermStream(int quads) {
        int n = quads * 4;
        kind = new byte[n];
        from = new int[n];
        length = new int[n];
        xFrom = new int[n];
        xLength = new int[n];
        astral = new boolean[n];
        termNumber = new int[n];
    }

    static TermStream of(byte[] nquads, int quads) {
        TermStream t = new TermStream(quads);
        RDFParser.source(new ByteArrayInputStream(nquads)).lang(Lang.NQUADS)
                .labelToNode(LabelToNode.createUseLabelAsGiven()).parse(new StreamRDFBase() {
                    @Override
                    public void quad(Quad q) {
                        t.add(q.getSubject());
                        t.add(q.getPredicate());
                        t.add(q.getObject());
                        t.add(q.isDefaultGraph() ? Quad.defaultGraphIRI : q.getGraph());
                    }
                });
        if (t.size != quads * 4) {
            throw new IllegalStateException("RIOT read " + t.size / 4 + " quads, expected " + quads);
        }
        t.numbers.clear(); // only the numbers per position are needed from here on
        return t;
    }

    int quads() {
        return size / 4;
    }

    /** Distinct terms (the default graph counts as one). */
    int distinctTerms() {
        int max = -1;
        for (int i = 0; i < size; i++) {
            max = Math.max(max, termNumber[i]);
        }
        return max + 1;
    }

    /** Encodes every term in order, feed 1, into {@code ids} (4 per quad), as a parse worker fills its batch. */
    void encode(TermEncoder enc, long[] ids) {
        encode(enc, ids, 0, quads());
    }

    /** Encodes the terms of quads {@code [fromQuad, toQuad)} into the same positions of {@code ids}. */
    void encode(TermEncoder enc, long[] ids, int fromQuad, int toQuad) {
        byte[] b = bytes;
        for (int i = fromQuad * 4, end = toQuad * 4; i < end; i++) {
            ids[i] = switch (kind[i]) {
                case IRI -> enc.iri(b, from[i], length[i]);
                case BLANK -> enc.blank(1, b, from[i], length[i]);
                case STRING -> enc.string(b, from[i], length[i], astral[i]);
                case LANG -> enc.lang(b, from[i], length[i], langs[xFrom[i]]);
                case TYPED -> enc.typed(b, xFrom[i], xLength[i], b, from[i], length[i], astral[i]);
                default -> TermId.DEFAULT_GRAPH;
            };
        }
    }

    /**
     * Checks that {@code ids} (from {@link #encode}) give equal terms equal ids and different
     * terms different ids; returns how many distinct ids are dictionary ids (not inline).
     */
    long checkIds(long[] ids) {
        long[] idOfTerm = new long[distinctTerms()];
        Arrays.fill(idOfTerm, TermId.NONE);
        for (int i = 0; i < size; i++) {
            int t = termNumber[i];
            if (ids[i] == TermId.NONE) {
                throw new IllegalStateException("term " + i + " got no id");
            }
            if (idOfTerm[t] == TermId.NONE) {
                idOfTerm[t] = ids[i];
            } else if (idOfTerm[t] != ids[i]) {
                throw new IllegalStateException("one term, two ids: " + TermId.toString(idOfTerm[t]) + ", " + TermId.toString(ids[i]));
            }
        }
        long[] sorted = idOfTerm.clone();
        Arrays.sort(sorted);
        long inDictionary = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i > 0 && sorted[i] == sorted[i - 1]) {
                throw new IllegalStateException("two terms, one id: " + TermId.toString(sorted[i]));
            }
            if (TermId.isDictionary(sorted[i])) {
                inDictionary++;
            }
        }
        return inDictionary;
    }

    private void add(Node node) {
        int i = size++;
        termNumber[i] = numbers.computeIfAbsent(node, n -> numbers.size());
        if (node.equals(Quad.defaultGraphIRI)) {
            kind[i] = DEFAULT_GRAPH;
        } else if (node.isURI()) {
            kind[i] = IRI;
            put(i, node.getURI());
        } else if (node.isBlank()) {
            kind[i] = BLANK;
            put(i, node.getBlankNodeLabel());
        } else {
            String lex = node.getLiteralLexicalForm();
            astral[i] = lex.codePointCount(0, lex.length()) != lex.length();
            String lang = node.getLiteralLanguage();
            String dt = node.getLiteralDatatypeURI();
            if (!lang.isEmpty()) {
                kind[i] = LANG;
                xFrom[i] = langNumbers.computeIfAbsent(lang, this::newLang);
            } else if (XSDDatatype.XSDstring.getURI().equals(dt)) {
                kind[i] = STRING;
            } else {
                kind[i] = TYPED;
                put(i, dt);
                xFrom[i] = from[i];
                xLength[i] = length[i];
            }
            put(i, lex);
        }
    }

    private int newLang(String lang) {
        langs = Arrays.copyOf(langs, langs.length + 1);
        langs[langs.length - 1] = lang.getBytes(StandardCharsets.UTF_8);
        return langs.length - 1;
    }

    /** Appends {@code s} and makes it term {@code i}'s main range. */
    private void put(int i, String s) {
        byte[] u = s.getBytes(StandardCharsets.UTF_8);
        if (used + u.length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + u.length));
        }
        System.arraycopy(u, 0, bytes, used, u.length);
        from[i] = used;
        length[i] = u.length;
        used += u.length;
    }
}
