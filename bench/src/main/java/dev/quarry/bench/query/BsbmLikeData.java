package dev.quarry.bench.query;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a BSBM-shaped dataset as N-Triples, deterministic for a seed: product types,
 * features, producers, products (label, type, 5 features, numeric and textual
 * properties), vendors (label, country), offers (product, vendor, price, delivery
 * days) and reviews (product, title, two ratings). Stand-in for the bench module's
 * BSBM generator until it is merged; 43 quads per product.
 */
public final class BsbmLikeData {
    public static final String NS = "http://quarry.dev/bsbm/";
    static final String RDF_TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>";
    static final String LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>";
    static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    static final int TYPES = 50, FEATURES = 500, PRODUCERS = 100, VENDORS = 100, COUNTRIES = 10;
    static final int OFFERS_PER_PRODUCT = 5, REVIEWS_PER_PRODUCT = 3;

    private BsbmLikeData() {}

    static String iri(String local) {
        return "<" + NS + local + ">";
    }

    /** Writes the data for {@code products} products; returns the number of triples written. */
    public static long write(Path file, int products, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        long n = 0;
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            for (int v = 0; v < VENDORS; v++) {
                n += t(w, iri("vendor" + v), RDF_TYPE, iri("Vendor"));
                n += t(w, iri("vendor" + v), LABEL, str("Vendor " + v));
                n += t(w, iri("vendor" + v), iri("country"), iri("country" + (v % COUNTRIES)));
            }
            for (int p = 0; p < PRODUCERS; p++) {
                n += t(w, iri("producer" + p), LABEL, str("Producer " + p));
            }
            long offer = 0, review = 0;
            for (int i = 0; i < products; i++) {
                String prod = iri("product" + i);
                n += t(w, prod, RDF_TYPE, iri("ProductType" + r.nextInt(TYPES)));
                n += t(w, prod, LABEL, str("product " + i + " " + word(r) + " " + word(r)));
                n += t(w, prod, iri("producer"), iri("producer" + r.nextInt(PRODUCERS)));
                for (int f = 0; f < 5; f++) {
                    n += t(w, prod, iri("productFeature"), iri("feature" + r.nextInt(FEATURES)));
                }
                n += t(w, prod, iri("productPropertyNumeric1"), integer(r.nextInt(1, 2000)));
                n += t(w, prod, iri("productPropertyNumeric2"), integer(r.nextInt(1, 2000)));
                n += t(w, prod, iri("productPropertyTextual1"), str(word(r) + " " + word(r) + " " + word(r)));
                for (int o = 0; o < OFFERS_PER_PRODUCT; o++, offer++) {
                    String off = iri("offer" + offer);
                    n += t(w, off, iri("product"), prod);
                    n += t(w, off, iri("vendor"), iri("vendor" + r.nextInt(VENDORS)));
                    n += t(w, off, iri("price"), "\"" + r.nextInt(5, 10000) + "." + r.nextInt(10, 100) + "\"^^<" + XSD + "decimal>");
                    n += t(w, off, iri("deliveryDays"), integer(r.nextInt(1, 15)));
                }
                for (int v = 0; v < REVIEWS_PER_PRODUCT; v++, review++) {
                    String rev = iri("review" + review);
                    n += t(w, rev, iri("reviewFor"), prod);
                    n += t(w, rev, iri("title"), str("review " + review + " " + word(r)));
                    n += t(w, rev, iri("rating1"), integer(r.nextInt(1, 11)));
                    n += t(w, rev, iri("rating2"), integer(r.nextInt(1, 11)));
                }
            }
        }
        return n;
    }

    private static final String[] WORDS = {"alpha", "bravo", "delta", "echo", "gamma", "kilo", "lima", "nova", "omega", "sigma", "tango", "zulu"};

    private static String word(SplittableRandom r) {
        return WORDS[r.nextInt(WORDS.length)];
    }

    private static String str(String s) {
        return "\"" + s + "\"";
    }

    private static String integer(int v) {
        return "\"" + v + "\"^^<" + XSD + "integer>";
    }

    private static int t(Writer w, String s, String p, String o) throws IOException {
        w.write(s);
        w.write(' ');
        w.write(p);
        w.write(' ');
        w.write(o);
        w.write(" .\n");
        return 1;
    }
}
