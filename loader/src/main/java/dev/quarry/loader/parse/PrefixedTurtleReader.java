package dev.quarry.loader.parse;

import java.io.InputStream;
import org.apache.jena.irix.IRIs;
import org.apache.jena.irix.IRIxResolver;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RDFParserRegistry;
import org.apache.jena.riot.RIOT;
import org.apache.jena.riot.ReaderRIOT;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.ParserProfile;
import org.apache.jena.riot.system.ParserProfileStd;
import org.apache.jena.riot.system.PrefixMap;
import org.apache.jena.riot.system.RiotLib;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.sparql.util.Context;

/**
 * RIOT's own Turtle/TriG reader, set up the way {@code RDFParser} sets it up, but with a
 * prefix map of our choosing: {@code RDFParserBuilder.prefixes} copies the map it is given
 * into a heap map, which is exactly what the load's disk-backed prefix map avoids.
 */
final class PrefixedTurtleReader {
    private PrefixedTurtleReader() {}

    static boolean handles(Lang lang) {
        return RDFLanguages.sameLang(lang, Lang.TURTLE) || RDFLanguages.sameLang(lang, Lang.TRIG);
    }

    static void parse(InputStream in, Lang lang, String base, LabelToNode labels, ErrorHandler errors,
                      PrefixMap prefixes, StreamRDF dest) {
        // As RDFParser does for these syntaxes: resolve against the given base, or the system base.
        String baseIri = base != null ? IRIs.toBase(base) : IRIs.getBaseStr();
        IRIxResolver resolver = IRIxResolver.create().base(baseIri).resolve(true).allowRelative(false).build();
        Context context = RIOT.getContext().copy();
        ParserProfile profile = new ParserProfileStd(RiotLib.factoryRDF(labels), errors, resolver, prefixes, context,
                true, false);
        ReaderRIOT reader = RDFParserRegistry.getFactory(lang).create(lang, profile);
        dest.start();
        reader.read(in, baseIri, lang.getContentType(), dest, context);
        dest.finish();
    }
}
