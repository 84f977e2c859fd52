package dev.quarry.bench.gen;

import java.util.List;

/** The fixed namespaces and predicates of the BSBM-like data, after the BSBM vocabulary. */
final class Vocab {
    static final Namespace RDF = new Namespace("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
    static final Namespace RDFS = new Namespace("rdfs", "http://www.w3.org/2000/01/rdf-schema#");
    static final Namespace XSD = new Namespace("xsd", "http://www.w3.org/2001/XMLSchema#");
    static final Namespace FOAF = new Namespace("foaf", "http://xmlns.com/foaf/0.1/");
    static final Namespace DC = new Namespace("dc", "http://purl.org/dc/elements/1.1/");
    static final Namespace REV = new Namespace("rev", "http://purl.org/stuff/rev#");
    static final Namespace BSBM = new Namespace("bsbm", "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/");
    static final Namespace INST = new Namespace("bsbminst", "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/");
    static final Namespace COUNTRY = new Namespace("iso", "http://downlode.org/rdf/iso-3166/countries#");
    static final Namespace VCARD = new Namespace("vcard", "http://www.w3.org/2006/vcard/ns#");

    /** Declared at the top of every Turtle file. */
    static final List<Namespace> FIXED = List.of(RDF, RDFS, XSD, FOAF, DC, REV, BSBM, INST, COUNTRY, VCARD);

    static final Term.Iri TYPE = RDF.iri("type");
    static final Term.Iri LABEL = RDFS.iri("label");
    static final Term.Iri COMMENT = RDFS.iri("comment");
    static final Term.Iri SUBCLASS = RDFS.iri("subClassOf");
    static final Term.Iri PUBLISHER = DC.iri("publisher");
    static final Term.Iri DATE = DC.iri("date");
    static final Term.Iri TITLE = DC.iri("title");
    static final Term.Iri HOMEPAGE = FOAF.iri("homepage");
    static final Term.Iri NAME = FOAF.iri("name");
    static final Term.Iri MBOX_SHA1 = FOAF.iri("mbox_sha1sum");
    static final Term.Iri BASED_NEAR = FOAF.iri("based_near");
    static final Term.Iri LOCALITY = VCARD.iri("locality");
    static final Term.Iri POSTAL_CODE = VCARD.iri("postalCode");
    static final Term.Iri COUNTRY_OF = BSBM.iri("country");
    static final Term.Iri PRODUCER = BSBM.iri("producer");
    static final Term.Iri FEATURE = BSBM.iri("productFeature");
    static final Term.Iri DIMENSIONS = BSBM.iri("dimensions");
    static final Term.Iri WIDTH = BSBM.iri("width");
    static final Term.Iri HEIGHT = BSBM.iri("height");
    static final Term.Iri DEPTH = BSBM.iri("depth");
    static final Term.Iri IN_STOCK = BSBM.iri("inStock");
    static final Term.Iri PRODUCT = BSBM.iri("product");
    static final Term.Iri VENDOR = BSBM.iri("vendor");
    static final Term.Iri PRICE = BSBM.iri("price");
    static final Term.Iri VALID_FROM = BSBM.iri("validFrom");
    static final Term.Iri VALID_TO = BSBM.iri("validTo");
    static final Term.Iri DELIVERY_DAYS = BSBM.iri("deliveryDays");
    static final Term.Iri OFFER_PAGE = BSBM.iri("offerWebpage");
    static final Term.Iri REVIEW_FOR = BSBM.iri("reviewFor");
    static final Term.Iri REVIEW_DATE = BSBM.iri("reviewDate");
    static final Term.Iri REVIEWER = REV.iri("reviewer");
    static final Term.Iri TEXT = REV.iri("text");

    static final Term.Iri PRODUCT_CLASS = BSBM.iri("Product");
    static final Term.Iri PRODUCT_TYPE_CLASS = BSBM.iri("ProductType");
    static final Term.Iri FEATURE_CLASS = BSBM.iri("ProductFeature");
    static final Term.Iri PRODUCER_CLASS = BSBM.iri("Producer");
    static final Term.Iri VENDOR_CLASS = BSBM.iri("Vendor");
    static final Term.Iri OFFER_CLASS = BSBM.iri("Offer");
    static final Term.Iri REVIEW_CLASS = REV.iri("Review");
    static final Term.Iri PERSON_CLASS = FOAF.iri("Person");

    static final Term.Iri XSD_INTEGER = XSD.iri("integer");
    static final Term.Iri XSD_DECIMAL = XSD.iri("decimal");
    static final Term.Iri XSD_DATE = XSD.iri("date");
    static final Term.Iri XSD_DATETIME = XSD.iri("dateTime");
    static final Term.Iri XSD_BOOLEAN = XSD.iri("boolean");
    /** BSBM prices carry a custom datatype. */
    static final Term.Iri USD = BSBM.iri("USD");

    private Vocab() {}

    /** bsbm:productPropertyNumeric1..6, bsbm:productPropertyTextual1..6 and bsbm:rating1..4 (index 0 unused). */
    static final Term.Iri[] NUMERIC = numbered("productPropertyNumeric", 6);
    static final Term.Iri[] TEXTUAL = numbered("productPropertyTextual", 6);
    static final Term.Iri[] RATING = numbered("rating", 4);

    private static Term.Iri[] numbered(String stem, int n) {
        Term.Iri[] iris = new Term.Iri[n + 1];
        for (int i = 1; i <= n; i++) {
            iris[i] = BSBM.iri(stem + i);
        }
        return iris;
    }
}
