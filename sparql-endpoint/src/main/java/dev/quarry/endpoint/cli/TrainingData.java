package dev.quarry.endpoint.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.vocabulary.RDF;

/**
 * Synthetic RDF for {@code quarry aot-train}: a made-up catalogue (typed entities with
 * labels in two languages, integers, decimals, doubles, dates, booleans, links between
 * entities, blank-node addresses, long literals with escapes and non-ASCII text), written by
 * RIOT in a given syntax and compression. It resembles no benchmark: it only has to take
 * the loader's and the engine's usual paths, so that the JVM records their profiles.
 */
final class TrainingData {
    private static final String RES = "http://data.example.org/resource/";
    private static final String VOC = "http://vocab.example.org/schema#";
    private static final String GRAPHS = "http://data.example.org/graph/";
    private static final String[] CLASSES = {"Book", "Person", "Place", "Organisation", "Event", "Product", "Review", "Offer"};
    private static final String[] WORDS = {"river", "stone", "quiet", "north", "garden", "iron", "paper", "winter",
        "lamp", "harbour", "Zürich", "café", "東京", "naïve", "Ελλάδα", "bridge"};
    /** Statements written per entity, about: the size of a file is given in statements. */
    private static final int PER_ENTITY = 14;

    enum Syntax {
        NTRIPLES(RDFFormat.NTRIPLES, false), NQUADS(RDFFormat.NQUADS, true),
        TURTLE(RDFFormat.TURTLE_BLOCKS, false), TRIG(RDFFormat.TRIG_BLOCKS, true);

        final RDFFormat format;
        final boolean quads;

        Syntax(RDFFormat format, boolean quads) {
            this.format = format;
            this.quads = quads;
        }
    }

    enum Packing { PLAIN, GZIP, BZIP2 }

    private TrainingData() {
    }

    /**
     * Writes about {@code statements} statements to {@code file}, of the entities that follow
     * the first {@code first} statements: files written with disjoint ranges describe
     * different entities, linked to each other. Returns {@code file}.
     */
    static Path write(Path file, Syntax syntax, Packing packing, int first, int statements, long seed) throws IOException {
        try (OutputStream out = open(file, packing)) {
            StreamRDF w = StreamRDFWriter.getWriterStream(out, syntax.format);
            w.start();
            w.prefix("r", RES);
            w.prefix("v", VOC);
            w.prefix("xsd", XSDDatatype.XSD + "#");
            SplittableRandom random = new SplittableRandom(seed);
            int from = first / PER_ENTITY;
            int entities = Math.max(1, statements / PER_ENTITY);
            for (int e = from; e < from + entities; e++) {
                Node g = syntax.quads ? (e % 10 == 0 ? Quad.defaultGraphIRI : iri(GRAPHS + "g" + e % 37)) : Quad.defaultGraphIRI;
                entity(w, g, e, from + entities, random);
            }
            w.finish();
        }
        return file;
    }

    private static OutputStream open(Path file, Packing packing) throws IOException {
        OutputStream raw = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        return switch (packing) {
            case PLAIN -> raw;
            case GZIP -> new GZIPOutputStream(raw, 1 << 16);
            case BZIP2 -> new BZip2CompressorOutputStream(raw);
        };
    }

    private static void entity(StreamRDF w, Node g, int e, int entities, SplittableRandom random) {
        Node s = iri(RES + "e" + e);
        String cls = CLASSES[e % CLASSES.length];
        emit(w, g, s, RDF.type.asNode(), iri(VOC + cls));
        emit(w, g, s, voc("label"), NodeFactory.createLiteralLang(words(random, 2) + " " + e, "en"));
        if (random.nextInt(3) == 0) {
            emit(w, g, s, voc("label"), NodeFactory.createLiteralLang(words(random, 2), "de"));
        }
        emit(w, g, s, voc("count"), typed(Integer.toString(random.nextInt(100_000)), XSDDatatype.XSDinteger));
        emit(w, g, s, voc("price"), typed(random.nextInt(10_000) + "." + String.format(Locale.ROOT, "%02d", random.nextInt(100)),
                XSDDatatype.XSDdecimal));
        emit(w, g, s, voc("score"), typed(Double.toString(random.nextDouble() * 10), XSDDatatype.XSDdouble));
        emit(w, g, s, voc("published"), typed(String.format(Locale.ROOT, "%04d-%02d-%02d", 1950 + random.nextInt(75),
                1 + random.nextInt(12), 1 + random.nextInt(28)), XSDDatatype.XSDdate));
        emit(w, g, s, voc("modified"), typed(String.format(Locale.ROOT, "2026-%02d-%02dT%02d:%02d:%02dZ", 1 + random.nextInt(12),
                1 + random.nextInt(28), random.nextInt(24), random.nextInt(60), random.nextInt(60)), XSDDatatype.XSDdateTime));
        emit(w, g, s, voc("available"), typed(Boolean.toString(random.nextBoolean()), XSDDatatype.XSDboolean));
        emit(w, g, s, voc("homepage"), iri("http://www.site" + random.nextInt(5_000) + ".example/"));
        emit(w, g, s, voc("code"), NodeFactory.createLiteralString("C-" + Integer.toHexString(e * 7919)));
        for (int i = 0, links = 1 + random.nextInt(4); i < links; i++) {
            emit(w, g, s, voc(i % 2 == 0 ? "relatedTo" : "partOf"), iri(RES + "e" + random.nextInt(entities)));
        }
        if (random.nextInt(4) == 0) {
            Node address = NodeFactory.createBlankNode("a" + e);
            emit(w, g, s, voc("address"), address);
            emit(w, g, address, voc("street"), NodeFactory.createLiteralString(words(random, 1) + " Street " + random.nextInt(200)));
            emit(w, g, address, voc("city"), NodeFactory.createLiteralString(words(random, 1)));
        }
        if (random.nextInt(5) == 0) {
            emit(w, g, s, voc("comment"), NodeFactory.createLiteralString(
                    "\"" + words(random, 12) + "\"\n\tsecond line \\ " + words(random, 20)));
        }
    }

    private static void emit(StreamRDF w, Node g, Node s, Node p, Node o) {
        if (Quad.isDefaultGraph(g)) {
            w.triple(org.apache.jena.graph.Triple.create(s, p, o));
        } else {
            w.quad(Quad.create(g, s, p, o));
        }
    }

    private static String words(SplittableRandom random, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return b.toString();
    }

    private static Node iri(String iri) {
        return NodeFactory.createURI(iri);
    }

    private static Node voc(String local) {
        return iri(VOC + local);
    }

    private static Node typed(String lexical, XSDDatatype type) {
        return NodeFactory.createLiteralDT(lexical, type);
    }
}
