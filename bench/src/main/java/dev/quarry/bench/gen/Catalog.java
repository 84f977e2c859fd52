package dev.quarry.bench.gen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * What a generated file holds, as far as query parameters need it: every complete product
 * with its type, label, features, first numeric property, offers and review count. Rebuilt by
 * replaying the generator with the file's seed and quad count (no file is read), so a query
 * driver can draw parameters that exist in the data without asking any server first.
 */
public final class Catalog {

    /** An offer of a product, as IRIs and lexical forms. */
    public record Offer(String iri, String vendor, String price, String validTo) {}

    /** A product and the facts the query templates draw from. */
    public record Product(String iri, String graph, String producer, String type, String label,
                          List<String> features, int numeric1, List<Offer> offers, int reviews) {}

    private final long quads;
    private final List<Product> products;
    private final List<Product> reviewed;

    Catalog(long quads, List<Product> products) {
        if (products.isEmpty()) {
            throw new IllegalArgumentException(quads + " quads hold no complete product");
        }
        this.quads = quads;
        this.products = List.copyOf(products);
        this.reviewed = products.stream().filter(p -> p.reviews() > 0).toList();
    }

    /** Replays {@link BsbmGenerator#write} with these arguments into memory (about 1 s per million quads). */
    public static Catalog replay(long quads, long seed) {
        try (CatalogSink sink = new CatalogSink()) {
            new BsbmEmitter(sink, seed, quads).run();
            return new Catalog(quads, sink.products());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the sink does no I/O
        }
    }

    public long quads() {
        return quads;
    }

    /** Complete products, in generation order (Product0 first). */
    public List<Product> products() {
        return products;
    }

    /** The products with at least one review (all products when none has one). */
    public List<Product> reviewed() {
        return reviewed.isEmpty() ? products : reviewed;
    }
}
