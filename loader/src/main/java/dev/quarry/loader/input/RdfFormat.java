package dev.quarry.loader.input;

import java.util.Locale;
import java.util.Optional;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;

/** The RDF syntaxes the loader reads. Line-based ones can be split into chunks and parsed in parallel. */
public enum RdfFormat {
    NQUADS(Lang.NQUADS, true, "nq", "nquads"),
    NTRIPLES(Lang.NTRIPLES, true, "nt", "ntriples"),
    TURTLE(Lang.TURTLE, false, "ttl", "turtle"),
    TRIG(Lang.TRIG, false, "trig"),
    RDFXML(Lang.RDFXML, false, "rdf", "rdfxml", "owl", "xml"),
    JSONLD(Lang.JSONLD, false, "jsonld");

    private final Lang lang;
    private final boolean lineBased;
    private final String[] names;

    RdfFormat(Lang lang, boolean lineBased, String... names) {
        this.lang = lang;
        this.lineBased = lineBased;
        this.names = names;
    }

    public Lang lang() {
        return lang;
    }

    /** One statement per line: can be split at newlines and parsed in parallel. */
    public boolean lineBased() {
        return lineBased;
    }

    /** Whether statements carry a graph (quads formats). */
    public boolean quads() {
        return this == NQUADS || this == TRIG || this == JSONLD;
    }

    /** A format by a user-given name ("nquads", "nq", "turtle", ...) or a Jena language name. */
    public static Optional<RdfFormat> byName(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace("-", "");
        for (RdfFormat f : values()) {
            for (String alias : f.names) {
                if (alias.equals(n)) {
                    return Optional.of(f);
                }
            }
        }
        Lang lang = RDFLanguages.nameToLang(name);
        return lang == null ? Optional.empty() : byLang(lang);
    }

    /**
     * The format of a file by its name, looking through compression suffixes
     * ({@code data.nq.gz} is N-Quads).
     */
    public static Optional<RdfFormat> byFileName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        String[] parts = n.split("\\.");
        for (int i = parts.length - 1; i >= 1; i--) {
            for (RdfFormat f : values()) {
                for (String alias : f.names) {
                    if (alias.equals(parts[i])) {
                        return Optional.of(f);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<RdfFormat> byLang(Lang lang) {
        for (RdfFormat f : values()) {
            if (f.lang.equals(lang)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
