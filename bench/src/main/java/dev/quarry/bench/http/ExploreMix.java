package dev.quarry.bench.http;

import dev.quarry.bench.gen.Catalog;
import dev.quarry.bench.gen.Catalog.Offer;
import dev.quarry.bench.gen.Catalog.Product;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The query templates, after BSBM's "explore" use case, written for the generator's data:
 * products, their offers and reviews live in one named graph per producer (hence the
 * {@code GRAPH} patterns), types, features, vendors and reviewers in the default graph.
 * Every parameter is taken from a product of the catalogue, so each query has an answer
 * on a store that holds the generated file (checked by the driver and by a unit test).
 */
final class ExploreMix {
    private ExploreMix() {}

    static final String PREFIXES = """
        PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
        PREFIX dc: <http://purl.org/dc/elements/1.1/>
        PREFIX foaf: <http://xmlns.com/foaf/0.1/>
        PREFIX rev: <http://purl.org/stuff/rev#>
        PREFIX bsbm: <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/>
        """;

    static final List<QueryTemplate> TEMPLATES = List.of(
        new QueryTemplate("Q1 type+features+filter", false, (c, r) -> {
            Product p = product(c, r);
            String f1 = pick(p.features(), r);
            String f2 = pick(p.features(), r);
            int below = Math.max(0, p.numeric1() - 1 - r.nextInt(300));
            return "SELECT DISTINCT ?product ?label WHERE { GRAPH ?g { ?product rdfs:label ?label ; a <" + p.type()
                + "> ; bsbm:productFeature <" + f1 + "> , <" + f2 + "> ; bsbm:productPropertyNumeric1 ?v1 } FILTER (?v1 > "
                + below + ") } ORDER BY ?label ?product LIMIT 10";
        }),
        new QueryTemplate("Q2 product details", false, (c, r) -> {
            String p = "<" + product(c, r).iri() + ">";
            return "SELECT ?label ?comment ?producer ?plabel ?f ?flabel ?t1 ?t2 ?t3 ?n1 ?n2 ?n3 ?n4 WHERE { GRAPH ?g { "
                + p + " rdfs:label ?label ; rdfs:comment ?comment ; bsbm:producer ?producer ; bsbm:productFeature ?f ; "
                + "bsbm:productPropertyTextual1 ?t1 ; bsbm:productPropertyTextual2 ?t2 ; bsbm:productPropertyTextual3 ?t3 ; "
                + "bsbm:productPropertyNumeric1 ?n1 ; bsbm:productPropertyNumeric2 ?n2 ; bsbm:productPropertyNumeric3 ?n3 . "
                + "?producer rdfs:label ?plabel . OPTIONAL { " + p + " bsbm:productPropertyNumeric4 ?n4 } } ?f rdfs:label ?flabel }";
        }),
        new QueryTemplate("Q3 similar products", false, (c, r) -> {
            String p = "<" + product(c, r).iri() + ">";
            return "SELECT DISTINCT ?product ?label WHERE { GRAPH ?g1 { " + p + " bsbm:productFeature ?f ; "
                + "bsbm:productPropertyNumeric1 ?o1 } GRAPH ?g2 { ?product bsbm:productFeature ?f ; rdfs:label ?label ; "
                + "bsbm:productPropertyNumeric1 ?s1 } FILTER (?product != " + p + ") "
                + "FILTER (?s1 > ?o1 - 150 && ?s1 < ?o1 + 150) } ORDER BY ?label ?product LIMIT 5";
        }),
        new QueryTemplate("Q4 offers under a price", false, (c, r) -> {
            Product p = withOffers(c, r);
            String max = pick(p.offers(), r).price();
            return "SELECT ?offer ?price ?vendor ?vlabel ?country ?days WHERE { GRAPH ?g { ?offer bsbm:product <" + p.iri()
                + "> ; bsbm:vendor ?vendor ; bsbm:price ?price ; bsbm:deliveryDays ?days } ?vendor rdfs:label ?vlabel ; "
                + "bsbm:country ?country FILTER (xsd:decimal(str(?price)) <= " + max + ") } "
                + "ORDER BY (xsd:decimal(str(?price))) ?offer LIMIT 10";
        }),
        new QueryTemplate("Q5 reviews with ratings", false, (c, r) -> {
            Product p = pick(c.reviewed(), r);
            return "SELECT ?review ?title ?reviewer ?name ?r1 ?r2 WHERE { GRAPH ?g { ?review bsbm:reviewFor <" + p.iri()
                + "> ; dc:title ?title ; rev:reviewer ?reviewer . OPTIONAL { ?review bsbm:rating1 ?r1 } "
                + "OPTIONAL { ?review bsbm:rating2 ?r2 } } ?reviewer foaf:name ?name } ORDER BY DESC(?r1) ?review LIMIT 20";
        }),
        new QueryTemplate("Q6 offers by vendor country", false, (c, r) -> {
            Product p = product(c, r);
            return "SELECT ?country (COUNT(?offer) AS ?offers) (AVG(?days) AS ?avgDays) WHERE { GRAPH <" + p.graph()
                + "> { ?product bsbm:producer <" + p.producer() + "> . ?offer bsbm:product ?product ; bsbm:vendor ?vendor ; "
                + "bsbm:deliveryDays ?days } ?vendor bsbm:country ?country } GROUP BY ?country ORDER BY DESC(?offers) ?country";
        }),
        new QueryTemplate("Q7 construct product", true, (c, r) -> {
            String p = "<" + product(c, r).iri() + ">";
            return "CONSTRUCT { " + p + " ?prop ?val . ?offer bsbm:product " + p + " ; bsbm:price ?price ; bsbm:vendor ?vendor } "
                + "WHERE { GRAPH ?g { { " + p + " ?prop ?val } UNION { ?offer bsbm:product " + p
                + " ; bsbm:price ?price ; bsbm:vendor ?vendor } } }";
        }),
        new QueryTemplate("Q8 label regex in type", false, (c, r) -> {
            Product p = product(c, r);
            String word = pick(List.of(p.label().split(" ")), r);
            return "SELECT ?product ?label WHERE { GRAPH ?g { ?product a <" + p.type() + "> ; rdfs:label ?label } "
                + "FILTER (regex(?label, \"" + word + "\", \"i\")) } ORDER BY ?label ?product LIMIT 20";
        }),
        new QueryTemplate("Q9 producer stock optional", false, (c, r) -> {
            Product p = product(c, r);
            return "SELECT ?product ?label ?n4 WHERE { GRAPH ?g { ?product bsbm:producer <" + p.producer() + "> ; "
                + "rdfs:label ?label ; bsbm:inStock true . OPTIONAL { ?product bsbm:productPropertyNumeric4 ?n4 } } } "
                + "ORDER BY DESC(?n4) ?label ?product LIMIT 10";
        }),
        new QueryTemplate("Q10 vendor offers after date", false, (c, r) -> {
            Offer o = pick(withOffers(c, r).offers(), r);
            return "SELECT ?offer ?product ?price ?to WHERE { GRAPH ?g { ?offer bsbm:vendor <" + o.vendor() + "> ; "
                + "bsbm:product ?product ; bsbm:price ?price ; bsbm:validTo ?to } FILTER (?to >= \"" + o.validTo()
                + "\"^^xsd:dateTime) } ORDER BY DESC(?to) ?offer LIMIT 20";
        }),
        new QueryTemplate("Q11 ratings by country", false, (c, r) -> {
            Product p = pick(c.reviewed(), r);
            return "SELECT ?country (COUNT(?review) AS ?reviews) (AVG(?rating) AS ?avg) WHERE { GRAPH ?g { ?product a <"
                + p.type() + "> . ?review bsbm:reviewFor ?product ; rev:reviewer ?reviewer ; bsbm:rating1 ?rating } "
                + "?reviewer bsbm:country ?country } GROUP BY ?country ORDER BY ?country";
        }));

    private static Product product(Catalog c, SplittableRandom r) {
        return pick(c.products(), r);
    }

    /** A product with at least one offer (the generator gives every product two or more). */
    private static Product withOffers(Catalog c, SplittableRandom r) {
        for (int tries = 0; ; tries++) {
            Product p = product(c, r);
            if (!p.offers().isEmpty() || tries > 100) {
                return p;
            }
        }
    }

    private static <T> T pick(List<T> list, SplittableRandom r) {
        return list.get(r.nextInt(list.size()));
    }
}
