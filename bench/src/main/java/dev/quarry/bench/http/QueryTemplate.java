package dev.quarry.bench.http;

import dev.quarry.bench.gen.Catalog;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/**
 * One query of the mix: a short name, whether it is a CONSTRUCT (answered as N-Triples rather
 * than SPARQL results JSON), and how its text is drawn from the catalogue.
 */
record QueryTemplate(String name, boolean construct, BiFunction<Catalog, SplittableRandom, String> draw) {

    String text(Catalog catalog, SplittableRandom random) {
        return ExploreMix.PREFIXES + draw.apply(catalog, random);
    }

    /** The media type the driver asks for. */
    String accept() {
        return construct ? "application/n-triples" : "application/sparql-results+json";
    }
}
