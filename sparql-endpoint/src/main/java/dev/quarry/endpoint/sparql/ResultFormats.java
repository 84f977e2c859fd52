package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.HttpError;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.resultset.ResultSetLang;

/**
 * The formats the server writes, in order of preference, and how a request picks one:
 * a {@code format} (or {@code output}) parameter by short name or media type, else
 * the Accept header. Nothing acceptable is a 406 that lists what is offered.
 */
public final class ResultFormats {
    /** A format: the media type sent in Content-Type and the Jena language that writes it. */
    public record Format(String mediaType, Lang lang) {
        public String contentType() {
            return mediaType.startsWith("text/") ? mediaType + "; charset=utf-8" : mediaType;
        }

        public boolean isQuads() {
            return RDFLanguages.isQuads(lang);
        }
    }

    /** SELECT and ASK results. */
    public static final Map<String, Format> RESULTS = table(
            "application/sparql-results+json", ResultSetLang.RS_JSON,
            "application/sparql-results+xml", ResultSetLang.RS_XML,
            "text/csv", ResultSetLang.RS_CSV,
            "text/tab-separated-values", ResultSetLang.RS_TSV,
            "application/json", ResultSetLang.RS_JSON,
            "application/xml", ResultSetLang.RS_XML,
            "text/xml", ResultSetLang.RS_XML);

    /** CONSTRUCT and DESCRIBE results, and graph store GET. */
    public static final Map<String, Format> GRAPHS = table(
            "text/turtle", Lang.TURTLE,
            "application/n-triples", Lang.NTRIPLES,
            "application/n-quads", Lang.NQUADS,
            "application/trig", Lang.TRIG,
            "application/ld+json", Lang.JSONLD,
            "application/rdf+xml", Lang.RDFXML,
            "text/plain", Lang.NTRIPLES,
            "application/x-turtle", Lang.TURTLE);

    /** Whole datasets (graph store GET without a graph). */
    public static final Map<String, Format> DATASETS = table(
            "application/n-quads", Lang.NQUADS,
            "application/trig", Lang.TRIG);

    private static final Map<String, String> SHORT_NAMES = Map.ofEntries(
            Map.entry("json", "application/sparql-results+json"),
            Map.entry("xml", "application/sparql-results+xml"),
            Map.entry("csv", "text/csv"),
            Map.entry("tsv", "text/tab-separated-values"),
            Map.entry("turtle", "text/turtle"),
            Map.entry("ttl", "text/turtle"),
            Map.entry("nt", "application/n-triples"),
            Map.entry("ntriples", "application/n-triples"),
            Map.entry("nq", "application/n-quads"),
            Map.entry("nquads", "application/n-quads"),
            Map.entry("trig", "application/trig"),
            Map.entry("jsonld", "application/ld+json"),
            Map.entry("rdfxml", "application/rdf+xml"));

    private ResultFormats() {}

    private static Map<String, Format> table(Object... pairs) {
        Map<String, Format> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], new Format((String) pairs[i], (Lang) pairs[i + 1]));
        }
        return m;
    }

    /** The format for this request's response among {@code offered}; 406 if none fits. */
    public static Format choose(Exchange ex, String formatParam, Map<String, Format> offered) {
        if (formatParam != null && !formatParam.isBlank()) {
            String key = formatParam.trim().toLowerCase(Locale.ROOT);
            String mt = SHORT_NAMES.getOrDefault(key, key);
            if (!mt.contains("/")) {
                throw HttpError.badRequest("unknown format '" + formatParam + "'");
            }
            Format f = offered.get(mt);
            if (f == null) {
                throw notAcceptable(offered);
            }
            return f;
        }
        String chosen = new AcceptHeader(ex.header(HttpHeaderNames.ACCEPT)).choose(List.copyOf(offered.keySet()));
        if (chosen == null) {
            throw notAcceptable(offered);
        }
        return offered.get(chosen);
    }

    private static HttpError notAcceptable(Map<String, Format> offered) {
        return new HttpError(HttpResponseStatus.NOT_ACCEPTABLE,
                "no acceptable format; this response can be: " + String.join(", ", offered.keySet()));
    }

    /** Whether the client explicitly accepts {@code mediaType}. */
    public static boolean accepts(Exchange ex, String mediaType) {
        return new AcceptHeader(ex.header(HttpHeaderNames.ACCEPT)).explicitly(mediaType);
    }
}
