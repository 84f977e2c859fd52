package dev.quarry.bench.gen;

import java.io.IOException;

/**
 * Emits the BSBM-like catalogue product by product until exactly {@code target} statements are
 * written. Everything else is interleaved at fixed rates so memory stays constant: a producer
 * (and its named graph) every {@value #PRODUCTS_PER_PRODUCER} products, a vendor every
 * {@value #PRODUCTS_PER_VENDOR}, a reviewer every {@value #PRODUCTS_PER_PERSON} (a rating site per
 * {@value #PERSONS_PER_SITE} reviewers), a feature every {@value #PRODUCTS_PER_FEATURE} and a product
 * type every {@value #PRODUCTS_PER_TYPE}. References only point at entities already emitted, so
 * Turtle prefixes are always declared before use.
 *
 * <p>Products, their offers and reviews go to their producer's graph; types, features, vendors
 * and reviewers to the default graph (a few percent of the data). No statement is emitted
 * twice in any graph, nor in two graphs, so the N-Quads and Turtle forms hold the same triples
 * and a store must count exactly {@code target} quads after loading either.
 */
final class BsbmEmitter {
    static final int PRODUCTS_PER_PRODUCER = 50;
    static final int PRODUCTS_PER_VENDOR = 20;
    static final int PRODUCTS_PER_PERSON = 4;
    static final int PERSONS_PER_SITE = 100;
    static final int PRODUCTS_PER_FEATURE = 4;
    static final int PRODUCTS_PER_TYPE = 40;
    private static final int INITIAL_FEATURES = 16;
    private static final int INITIAL_TYPES = 4;

    private final QuadSink sink;
    private final SplitMix64 rnd;
    private final long target;
    private long written;
    private Term.Iri graph;

    private long features;
    private long types;
    private long vendors;
    private long persons;
    private long offers;
    private long reviews;

    BsbmEmitter(QuadSink sink, long seed, long target) {
        this.sink = sink;
        this.rnd = new SplitMix64(seed);
        this.target = target;
    }

    /** Writes the statements; returns how many (always the target). */
    long run() throws IOException {
        for (Namespace ns : Vocab.FIXED) {
            sink.declare(ns);
        }
        graph = null;
        while (features < INITIAL_FEATURES) {
            feature();
        }
        while (types < INITIAL_TYPES) {
            productType();
        }
        for (long i = 0; written < target; i++) {
            sideEntities(i);
            graph = producerNs(i / PRODUCTS_PER_PRODUCER).iri("Graph");
            if (i % PRODUCTS_PER_PRODUCER == 0) {
                producer(i / PRODUCTS_PER_PRODUCER);
            }
            product(i);
        }
        return written;
    }

    /** The default-graph entities due before product {@code i}. */
    private void sideEntities(long i) throws IOException {
        graph = null;
        if (i % PRODUCTS_PER_VENDOR == 0) {
            vendor();
        }
        if (i % PRODUCTS_PER_PERSON == 0) {
            person();
        }
        if (i % PRODUCTS_PER_FEATURE == 0) {
            feature();
        }
        if (i > 0 && i % PRODUCTS_PER_TYPE == 0) {
            productType();
        }
    }

    private void emit(Term s, Term.Iri p, Term o) throws IOException {
        if (written < target) {
            sink.quad(s, p, o, graph);
            written++;
        }
    }

    // ------------------------------------------------------------------ namespaces

    private static Namespace producerNs(long p) {
        return new Namespace("dataFromProducer" + p, "http://www.dataFromProducer" + p + ".com/");
    }

    private static Namespace vendorNs(long v) {
        return new Namespace("dataFromVendor" + v, "http://www.dataFromVendor" + v + ".com/");
    }

    private static Namespace siteNs(long r) {
        return new Namespace("dataFromRatingSite" + r, "http://www.dataFromRatingSite" + r + ".com/");
    }

    // ------------------------------------------------------------------ literals

    private static Term.Literal plain(String s) {
        return new Term.Literal(s, null, null);
    }

    private static Term.Literal typed(String s, Term.Iri datatype) {
        return new Term.Literal(s, datatype, null);
    }

    private static Term.Literal integer(long n) {
        return typed(Long.toString(n), Vocab.XSD_INTEGER);
    }

    private Term.Literal date() {
        return typed(Texts.date(rnd), Vocab.XSD_DATE);
    }

    private Term.Literal dateTime() {
        return typed(Texts.dateTime(rnd), Vocab.XSD_DATETIME);
    }

    private Term.Literal text(int minWords, int maxWords) {
        int lang = rnd.nextInt(Texts.LANGS.length);
        return new Term.Literal(Texts.sentence(rnd, lang, rnd.between(minWords, maxWords)), null, Texts.LANGS[lang]);
    }

    private void published(Term s, Term.Iri publisher) throws IOException {
        emit(s, Vocab.PUBLISHER, publisher);
        emit(s, Vocab.DATE, date());
    }

    // ------------------------------------------------------------------ default-graph entities

    private void feature() throws IOException {
        Term.Iri f = Vocab.INST.iri("ProductFeature" + features++);
        emit(f, Vocab.TYPE, Vocab.FEATURE_CLASS);
        emit(f, Vocab.LABEL, plain(Texts.sentence(rnd, 0, 2)));
        emit(f, Vocab.COMMENT, text(8, 20));
        published(f, Vocab.INST.iri("StandardizationInstitution1"));
    }

    private void productType() throws IOException {
        long t = types++;
        Term.Iri type = Vocab.INST.iri("ProductType" + t);
        emit(type, Vocab.TYPE, Vocab.PRODUCT_TYPE_CLASS);
        emit(type, Vocab.LABEL, plain(Texts.sentence(rnd, 0, 2)));
        emit(type, Vocab.COMMENT, text(10, 30));
        if (t > 0) {
            emit(type, Vocab.SUBCLASS, Vocab.INST.iri("ProductType" + rnd.nextInt((int) Math.min(t, Integer.MAX_VALUE))));
        }
        published(type, Vocab.INST.iri("StandardizationInstitution1"));
    }

    private void vendor() throws IOException {
        long v = vendors++;
        Namespace ns = vendorNs(v);
        sink.declare(ns);
        organization(ns, ns.iri("Vendor" + v), Vocab.VENDOR_CLASS, "vendor ");
    }

    private void person() throws IOException {
        long n = persons++;
        long site = n / PERSONS_PER_SITE;
        Namespace ns = siteNs(site);
        if (n % PERSONS_PER_SITE == 0) {
            sink.declare(ns);
        }
        Term.Iri person = ns.iri("Reviewer" + n);
        emit(person, Vocab.TYPE, Vocab.PERSON_CLASS);
        emit(person, Vocab.NAME, plain(Texts.personName(rnd)));
        emit(person, Vocab.MBOX_SHA1, plain(Texts.hex40(rnd)));
        emit(person, Vocab.COUNTRY_OF, Vocab.COUNTRY.iri(Texts.country(rnd)));
        Term.Blank address = new Term.Blank("addr" + n);
        emit(person, Vocab.BASED_NEAR, address);
        emit(address, Vocab.LOCALITY, plain(Texts.sentence(rnd, 1, 1)));
        emit(address, Vocab.POSTAL_CODE, plain(Integer.toString(rnd.between(10000, 99999))));
        published(person, ns.iri("RatingSite" + site));
    }

    // ------------------------------------------------------------------ producer-graph entities

    private void producer(long p) throws IOException {
        Namespace ns = producerNs(p);
        sink.declare(ns);
        organization(ns, ns.iri("Producer" + p), Vocab.PRODUCER_CLASS, "producer ");
    }

    /** A vendor or producer: it publishes its own description. */
    private void organization(Namespace ns, Term.Iri org, Term.Iri type, String labelStem) throws IOException {
        emit(org, Vocab.TYPE, type);
        emit(org, Vocab.LABEL, plain(labelStem + Texts.sentence(rnd, 0, 2)));
        emit(org, Vocab.COMMENT, text(10, 30));
        emit(org, Vocab.HOMEPAGE, ns.iri("Homepage"));
        emit(org, Vocab.COUNTRY_OF, Vocab.COUNTRY.iri(Texts.country(rnd)));
        published(org, org);
    }

    private void product(long i) throws IOException {
        Namespace ns = producerNs(i / PRODUCTS_PER_PRODUCER);
        Term.Iri producer = ns.iri("Producer" + i / PRODUCTS_PER_PRODUCER);
        Term.Iri product = ns.iri("Product" + i);
        emit(product, Vocab.TYPE, Vocab.PRODUCT_CLASS);
        emit(product, Vocab.TYPE, Vocab.INST.iri("ProductType" + rnd.nextInt((int) types)));
        emit(product, Vocab.LABEL, plain(Texts.sentence(rnd, 0, 3)));
        if (rnd.chance(30)) {
            emit(product, Vocab.LABEL, new Term.Literal(Texts.sentence(rnd, 1, 3), null, "de"));
        }
        emit(product, Vocab.COMMENT, text(30, 70));
        emit(product, Vocab.PRODUCER, producer);
        int first = rnd.nextInt((int) features);
        int count = rnd.between(4, 10);
        for (int k = 0; k < count; k++) {
            emit(product, Vocab.FEATURE, Vocab.INST.iri("ProductFeature" + (first + k) % features));
        }
        for (int n = 1; n <= 3; n++) {
            emit(product, Vocab.NUMERIC[n], integer(rnd.between(1, 2000)));
        }
        if (rnd.chance(50)) {
            emit(product, Vocab.NUMERIC[4], typed(Texts.decimal(rnd, 1000), Vocab.XSD_DECIMAL));
        }
        for (int n = 1; n <= 3; n++) {
            emit(product, Vocab.TEXTUAL[n], plain(Texts.sentence(rnd, 0, rnd.between(3, 8))));
        }
        emit(product, Vocab.IN_STOCK, typed(rnd.chance(70) ? "true" : "false", Vocab.XSD_BOOLEAN));
        Term.Blank dimensions = new Term.Blank("dim" + i);
        emit(product, Vocab.DIMENSIONS, dimensions);
        emit(dimensions, Vocab.WIDTH, integer(rnd.between(1, 200)));
        emit(dimensions, Vocab.HEIGHT, integer(rnd.between(1, 200)));
        emit(dimensions, Vocab.DEPTH, typed(Texts.decimal(rnd, 100), Vocab.XSD_DECIMAL));
        published(product, producer);

        for (int k = rnd.between(2, 6); k > 0; k--) {
            offer(product);
        }
        for (int k = rnd.between(0, 4); k > 0; k--) {
            review(product);
        }
    }

    private void offer(Term.Iri product) throws IOException {
        long v = rnd.nextInt((int) vendors);
        Namespace ns = vendorNs(v);
        long o = offers++;
        Term.Iri offer = ns.iri("Offer" + o);
        Term.Iri vendor = ns.iri("Vendor" + v);
        emit(offer, Vocab.TYPE, Vocab.OFFER_CLASS);
        emit(offer, Vocab.PRODUCT, product);
        emit(offer, Vocab.VENDOR, vendor);
        emit(offer, Vocab.PRICE, typed(Texts.decimal(rnd, 10000), Vocab.USD));
        emit(offer, Vocab.VALID_FROM, dateTime());
        emit(offer, Vocab.VALID_TO, dateTime());
        emit(offer, Vocab.DELIVERY_DAYS, integer(rnd.between(1, 21)));
        emit(offer, Vocab.OFFER_PAGE, ns.iri("OfferPage" + o));
        published(offer, vendor);
    }

    private void review(Term.Iri product) throws IOException {
        long n = rnd.nextInt((int) persons);
        Namespace ns = siteNs(n / PERSONS_PER_SITE);
        Term.Iri review = ns.iri("Review" + reviews++);
        emit(review, Vocab.TYPE, Vocab.REVIEW_CLASS);
        emit(review, Vocab.REVIEW_FOR, product);
        emit(review, Vocab.REVIEWER, ns.iri("Reviewer" + n));
        emit(review, Vocab.REVIEW_DATE, dateTime());
        emit(review, Vocab.TITLE, text(3, 8));
        emit(review, Vocab.TEXT, text(50, 110));
        for (int r = 1; r <= 4; r++) {
            if (rnd.chance(80)) {
                emit(review, Vocab.RATING[r], integer(rnd.between(1, 10)));
            }
        }
        published(review, ns.iri("RatingSite" + n / PERSONS_PER_SITE));
    }
}
