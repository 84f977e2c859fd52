package dev.quarry.loader.parse;

import java.util.Map;

/**
 * What a Turtle/TriG document has declared at some point: the base IRI and the prefixes in
 * effect (labels without their colon, namespaces resolved). A chunk of the document parses
 * as the whole document would only if it starts from the prologue in effect at its start.
 *
 * @param base the resolved base IRI
 * @param prefixes label to namespace; not modified once in a prologue
 */
public record Prologue(String base, Map<String, String> prefixes) {
    /** A document's prologue before its first directive: the load's base (or the system's), no prefixes. */
    public static Prologue initial(String base) {
        return new Prologue(PrefixedTurtleReader.baseIri(base), Map.of());
    }
}
