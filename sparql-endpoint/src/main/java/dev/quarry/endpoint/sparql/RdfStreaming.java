package dev.quarry.endpoint.sparql;

import dev.quarry.engine.output.RdfXmlWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.function.Consumer;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFLib;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;

/**
 * Writes triples or quads as they come. N-Triples, N-Quads, Turtle / TriG in their
 * "blocks" variants and RDF/XML ({@link RdfXmlWriter}) stream; JSON-LD needs the whole
 * graph, so those responses are collected first (their size is the result's size).
 */
final class RdfStreaming {
    private RdfStreaming() {}

    static void writeTriples(OutputStream out, Iterator<Triple> triples, ResultFormats.Format format, PrefixMapping prefixes)
            throws IOException {
        if (format.lang().equals(Lang.RDFXML)) {
            RdfXmlWriter.write(out, triples, prefixes);
            return;
        }
        write(out, format, prefixes, w -> triples.forEachRemaining(w::triple));
    }

    static void writeQuads(OutputStream out, Iterator<Quad> quads, ResultFormats.Format format, PrefixMapping prefixes) {
        write(out, format, prefixes, w -> quads.forEachRemaining(w::quad));
    }

    private static void write(OutputStream out, ResultFormats.Format format, PrefixMapping prefixes, Consumer<StreamRDF> emit) {
        Lang lang = format.lang();
        RDFFormat streaming = streamingFormat(lang);
        if (streaming == null) {
            DatasetGraph ds = DatasetGraphFactory.create();
            ds.prefixes().putAll(prefixes);
            emit.accept(StreamRDFLib.dataset(ds));
            if (RDFLanguages.isQuads(lang)) {
                RDFDataMgr.write(out, ds, lang);
            } else {
                RDFDataMgr.write(out, ds.getDefaultGraph(), lang);
            }
            return;
        }
        StreamRDF w = StreamRDFWriter.getWriterStream(out, streaming);
        w.start();
        prefixes.getNsPrefixMap().forEach(w::prefix);
        emit.accept(w);
        w.finish();
    }

    /** The streaming variant of a language, or null if it has none. */
    static RDFFormat streamingFormat(Lang lang) {
        if (lang.equals(Lang.NTRIPLES)) {
            return RDFFormat.NTRIPLES;
        }
        if (lang.equals(Lang.NQUADS)) {
            return RDFFormat.NQUADS;
        }
        if (lang.equals(Lang.TURTLE)) {
            return RDFFormat.TURTLE_BLOCKS;
        }
        if (lang.equals(Lang.TRIG)) {
            return RDFFormat.TRIG_BLOCKS;
        }
        return null;
    }
}
