package dev.quarry.bench.query;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/** The BSBM-like queries; each draws its parameters (a product, a type...) from a random source. */
final class QueryMix {
    private QueryMix() {}

    static final String PREFIXES = "PREFIX b: <" + BsbmLikeData.NS + ">\n"
            + "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n";

    record Template(String name, Function<SplittableRandom, String> text) {}

    static List<Template> templates(int products) {
        return List.of(
                new Template("Q1 product lookup", r -> {
                    String p = "b:product" + r.nextInt(products);
                    return "SELECT ?label ?producer ?n1 ?t { " + p + " rdfs:label ?label ; b:producer ?producer ; "
                            + "b:productPropertyNumeric1 ?n1 OPTIONAL { " + p + " b:productPropertyTextual1 ?t } }";
                }),
                new Template("Q2 type+feature+filter", r -> "SELECT DISTINCT ?product ?label { ?product rdfs:label ?label ; "
                        + "a b:ProductType" + r.nextInt(BsbmLikeData.TYPES) + " ; b:productFeature b:feature" + r.nextInt(BsbmLikeData.FEATURES)
                        + " ; b:productPropertyNumeric1 ?v FILTER(?v > 500) } ORDER BY ?label LIMIT 10"),
                new Template("Q3 product-offer-vendor", r -> "SELECT ?offer ?price ?vendor ?vlabel { ?offer b:product b:product"
                        + r.nextInt(products) + " ; b:price ?price ; b:vendor ?vendor . ?vendor rdfs:label ?vlabel ; b:country ?c } "
                        + "ORDER BY ?price LIMIT 10"),
                new Template("Q4 reviews rating filter", r -> "SELECT ?review ?title ?r1 { ?review b:reviewFor b:product"
                        + r.nextInt(products) + " ; b:title ?title ; b:rating1 ?r1 ; b:rating2 ?r2 FILTER(?r1 >= 5 || ?r2 >= 8) }"),
                new Template("Q5 count offers by country", r -> "SELECT ?c (COUNT(?offer) AS ?n) { ?offer b:vendor ?v ; b:deliveryDays "
                        + (1 + r.nextInt(14)) + " ; b:product ?p . ?p b:producer b:producer" + r.nextInt(BsbmLikeData.PRODUCERS)
                        + " . ?v b:country ?c } GROUP BY ?c"),
                new Template("Q6 avg rating of producer", r -> "SELECT (COUNT(*) AS ?n) (AVG(?r) AS ?avg) { ?p b:producer b:producer"
                        + r.nextInt(BsbmLikeData.PRODUCERS) + " . ?review b:reviewFor ?p ; b:rating1 ?r }"));
    }
}
