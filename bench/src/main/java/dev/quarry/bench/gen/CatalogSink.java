package dev.quarry.bench.gen;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link Catalog} from the generator's statements. The emitter writes a product's own
 * statements, then its offers, then its reviews, so one product and one offer are open at a
 * time; a product cut short by the quad limit (no label or features yet) is left out.
 */
final class CatalogSink implements QuadSink {
    private final List<Catalog.Product> done = new ArrayList<>();

    private Term.Iri product;
    private String graph;
    private String producer;
    private String type;
    private String label;
    private final List<String> features = new ArrayList<>();
    private int numeric1 = -1;
    private final List<Catalog.Offer> offers = new ArrayList<>();
    private int reviews;

    private Term.Iri offer;
    private String vendor;
    private String price;

    @Override
    public void declare(Namespace ns) {
    }

    @Override
    public void quad(Term subject, Term.Iri predicate, Term object, Term.Iri g) {
        if (!(subject instanceof Term.Iri s)) {
            return;
        }
        if (s.local().startsWith("Product") && s.ns().prefix().startsWith("dataFromProducer")) {
            productFact(s, predicate, object, g);
        } else if (predicate.equals(Vocab.PRODUCT)) {
            offer = s;
            vendor = null;
            price = null;
        } else if (s.equals(offer)) {
            offerFact(predicate, object);
        } else if (predicate.equals(Vocab.REVIEW_FOR) && object.equals(product)) {
            reviews++;
        }
    }

    private void productFact(Term.Iri s, Term.Iri predicate, Term object, Term.Iri g) {
        if (!s.equals(product)) {
            finishProduct();
            product = s;
            graph = iri(g);
        }
        if (predicate.equals(Vocab.TYPE) && !object.equals(Vocab.PRODUCT_CLASS)) {
            type = iri(object);
        } else if (predicate.equals(Vocab.LABEL) && object instanceof Term.Literal l && l.lang() == null) {
            label = l.lexical();
        } else if (predicate.equals(Vocab.PRODUCER)) {
            producer = iri(object);
        } else if (predicate.equals(Vocab.FEATURE)) {
            features.add(iri(object));
        } else if (predicate.equals(Vocab.NUMERIC[1]) && object instanceof Term.Literal l) {
            numeric1 = Integer.parseInt(l.lexical());
        }
    }

    private void offerFact(Term.Iri predicate, Term object) {
        if (predicate.equals(Vocab.VENDOR)) {
            vendor = iri(object);
        } else if (predicate.equals(Vocab.PRICE) && object instanceof Term.Literal l) {
            price = l.lexical();
        } else if (predicate.equals(Vocab.VALID_TO) && object instanceof Term.Literal l && vendor != null && price != null) {
            offers.add(new Catalog.Offer(iri(offer), vendor, price, l.lexical()));
        }
    }

    private void finishProduct() {
        if (product != null && type != null && label != null && producer != null && !features.isEmpty() && numeric1 >= 0) {
            done.add(new Catalog.Product(iri(product), graph, producer, type, label, List.copyOf(features), numeric1,
                List.copyOf(offers), reviews));
        }
        product = null;
        type = label = producer = null;
        features.clear();
        numeric1 = -1;
        offers.clear();
        reviews = 0;
        offer = null;
    }

    List<Catalog.Product> products() {
        finishProduct();
        return done;
    }

    private static String iri(Term t) {
        Term.Iri i = (Term.Iri) t;
        return i.ns().iri() + i.local();
    }

    @Override
    public long bytesWritten() {
        return 0;
    }

    @Override
    public void close() {
    }
}
