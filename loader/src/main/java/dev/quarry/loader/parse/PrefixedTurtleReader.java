package dev.quarry.loader.parse;

import org.apache.jena.irix.IRIs;
import org.apache.jena.irix.IRIxResolver;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RIOT;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.ParserProfile;
import org.apache.jena.riot.system.ParserProfileStd;
import org.apache.jena.riot.system.PrefixMap;
import org.apache.jena.riot.system.RiotLib;

/**
 * RIOT's parser profile for Turtle/TriG, set up the way {@code RDFParser} sets it up in
 * strict mode, but with a prefix map of our choosing: {@code RDFParserBuilder.prefixes}
 * copies the map it is given into a heap map, which is exactly what the load's
 * disk-backed prefix map avoids.
 */
final class PrefixedTurtleReader {
    private PrefixedTurtleReader() {}

    static boolean handles(Lang lang) {
        return RDFLanguages.sameLang(lang, Lang.TURTLE) || RDFLanguages.sameLang(lang, Lang.TRIG);
    }

    static ParserProfile profile(String base, LabelToNode labels, ErrorHandler errors, PrefixMap prefixes) {
        return profileAt(baseIri(base), labels, errors, prefixes);
    }

    /** The base IRI a document starts with: as RDFParser does for these syntaxes, the given base, or the system base. */
    static String baseIri(String base) {
        return base != null ? IRIs.toBase(base) : IRIs.getBaseStr();
    }

    /** A profile resolving against {@code baseIri}, already resolved (a document's base at some point). */
    static ParserProfile profileAt(String baseIri, LabelToNode labels, ErrorHandler errors, PrefixMap prefixes) {
        IRIxResolver resolver = IRIxResolver.create().base(baseIri).resolve(true).allowRelative(false).build();
        return new ParserProfileStd(RiotLib.factoryRDF(labels), errors, resolver, prefixes, RIOT.getContext().copy(),
                true, true);
    }
}
