package dev.quarry.loader.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Deterministic BSBM-like N-Quads for loader tests and measurements: products, producers,
 * offers, reviews across several namespaces; typed, language-tagged and long literals;
 * blank nodes; one named graph per producer plus default-graph statements.
 * {@code main(path, quads)} writes a file for measurement runs.
 */
public final class QuadGenerator {
    private static final String[] NS = {
        "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/",
        "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/",
        "http://purl.org/stuff/rev#", "http://xmlns.com/foaf/0.1/", "http://purl.org/dc/elements/1.1/",
        "http://www.w3.org/2000/01/rdf-schema#", "http://example.org/producer/", "http://example.org/offer/"};
    private static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    private static final String[] WORDS = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
        "india", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"};
    private static final String[] LANGS = {"en", "de", "fr", "en-GB", "es"};

    private final Random rnd;
    private final StringBuilder line = new StringBuilder(256);

    public QuadGenerator(long seed) {
        this.rnd = new Random(seed);
    }

    public static void main(String[] args) throws IOException {
        long n = Long.parseLong(args[1]);
        try (OutputStream out = new java.io.BufferedOutputStream(java.nio.file.Files.newOutputStream(java.nio.file.Path.of(args[0])), 1 << 20);
             Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            new QuadGenerator(42).write(w, n);
        }
    }

    /** Writes about {@code quads} statements (each product with its offers and reviews is one group). */
    public void write(Writer w, long quads) throws IOException {
        long written = 0;
        long product = 0;
        while (written < quads) {
            product++;
            long producer = 1 + product / 50;
            String g = "<" + NS[6] + "p" + producer + "/graph>";
            String p = "<" + NS[0] + "dataFromProducer" + producer + "/Product" + product + ">";
            written += emit(w, p, iri(5, "type"), iri(1, "Product"), g);
            written += emit(w, p, iri(5, "label"), lit(words(3)), g);
            written += emit(w, p, iri(5, "comment"), lang(words(12 + rnd.nextInt(30)), LANGS[rnd.nextInt(LANGS.length)]), g);
            written += emit(w, p, iri(1, "producer"), "<" + NS[6] + "p" + producer + ">", g);
            written += emit(w, p, iri(1, "productPropertyNumeric1"), typed(Integer.toString(rnd.nextInt(2000)), "integer"), g);
            written += emit(w, p, iri(1, "productPropertyNumeric2"), typed(Integer.toString(rnd.nextInt(2000)), "integer"), g);
            written += emit(w, p, iri(1, "productPropertyTextual1"), lit(words(5)), g);
            written += emit(w, p, iri(4, "homepage"), "<http://www.product" + product + ".example.com/>", g);
            for (int f = 0; f < 3; f++) {
                written += emit(w, p, iri(1, "productFeature"), iri(0, "ProductFeature" + rnd.nextInt(5000)), g);
            }
            written += emit(w, p, iri(4, "date"), typed("2008-0" + (1 + rnd.nextInt(9)) + "-1" + rnd.nextInt(10), "date"), null);
            for (int o = 0; o < 2; o++) {
                String offer = "<" + NS[7] + "o" + product + "_" + o + ">";
                written += emit(w, offer, iri(1, "product"), p, g);
                written += emit(w, offer, iri(1, "price"), typed(rnd.nextInt(10000) / 100 + "." + (10 + rnd.nextInt(89)), "decimal"), g);
                written += emit(w, offer, iri(1, "validTo"), typed("2008-0" + (1 + rnd.nextInt(9)) + "-2" + rnd.nextInt(8) + "T00:00:00", "dateTime"), g);
                written += emit(w, offer, iri(1, "deliveryDays"), typed(Integer.toString(1 + rnd.nextInt(20)), "integer"), g);
            }
            String review = "_:r" + product;
            written += emit(w, review, iri(2, "reviewFor"), p, g);
            written += emit(w, review, iri(2, "text"), lang(words(40), "en"), g);
            written += emit(w, review, iri(2, "rating"), typed(Integer.toString(1 + rnd.nextInt(10)), "integer"), g);
            written += emit(w, review, iri(4, "name"), lit("Reviewer " + rnd.nextInt(100000)), null);
        }
    }

    private int emit(Writer w, String s, String p, String o, String g) throws IOException {
        line.setLength(0);
        line.append(s).append(' ').append(p).append(' ').append(o);
        if (g != null) {
            line.append(' ').append(g);
        }
        line.append(" .\n");
        w.append(line);
        return 1;
    }

    private static String iri(int ns, String local) {
        return "<" + NS[ns] + local + ">";
    }

    private String words(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(WORDS[rnd.nextInt(WORDS.length)]);
        }
        if (rnd.nextInt(10) == 0) {
            b.append(" \\\"quoted\\\" caf\u00e9 \\u00e9\\t");
        }
        return b.toString();
    }

    private static String lit(String s) {
        return "\"" + s + "\"";
    }

    private static String lang(String s, String tag) {
        return "\"" + s + "\"@" + tag;
    }

    private static String typed(String s, String dt) {
        return "\"" + s + "\"^^<" + XSD + dt + ">";
    }
}
