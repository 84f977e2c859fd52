package dev.quarry.endpoint.cli;

import dev.quarry.loader.SimpleLoader;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.Sources;
import dev.quarry.store.QuadStore;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.jena.irix.IRIException;
import org.apache.jena.irix.IRIx;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quarry load}: parses RDF files into the store in one transaction. */
@Command(name = "load",
        mixinStandardHelpOptions = true,
        description = {
            "Loads RDF files into a store, in one transaction.",
            "",
            "The store is created if DIR is missing or empty. Either every file is loaded or, on the first error, nothing is.",
            "Formats are told by the file extension: nq (N-Quads), nt (N-Triples), ttl (Turtle), trig (TriG), rdf or owl (RDF/XML), jsonld (JSON-LD). Compressed files (gzip, bzip2, xz, zstd, ...) are recognised by their content, so data.nq.gz is N-Quads. A directory loads every file below it.",
            "This is the plain loader: the whole load is held in memory until the commit, so it suits files of up to a few million quads.",
            ""})
final class LoadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "The format of every file, instead of telling it from the name: nquads, ntriples,"
                    + " turtle, trig, rdfxml, jsonld.")
    String format;

    @Option(names = "--graph", paramLabel = "IRI",
            description = "Put default-graph statements (all triples of N-Triples, Turtle, RDF/XML; the"
                    + " default-graph part of N-Quads and TriG) into this named graph. Named-graph quads"
                    + " keep their graph.")
    String graph;

    @Option(names = "--base", paramLabel = "IRI",
            description = "Base IRI for relative IRIs in the data (default: each file's file: IRI).")
    String base;

    @Parameters(arity = "1..*", paramLabel = "SOURCE", description = "Files or directories to load.")
    List<String> sources;

    @Override
    public Integer call() throws Exception {
        RdfFormat fmt = format == null ? null : RdfFormat.byName(format).orElseThrow(() -> new ParameterException(
                spec.commandLine(), "unknown format '" + format + "': use nquads, ntriples, turtle, trig, rdfxml or jsonld"));
        checkAbsoluteIri("--graph", graph);
        checkAbsoluteIri("--base", base);
        var expanded = Sources.expand(sources); // fails on a missing file before the store is touched
        PrintStream out = System.out;
        try (QuadStore qs = store.openOrCreate()) {
            SimpleLoader.Summary s = new SimpleLoader(qs).format(fmt).graph(graph).base(base)
                    .warnings(System.err::println).load(expanded);
            print(out, s, qs.stats().quads());
        }
        return Main.OK;
    }

    private void checkAbsoluteIri(String option, String iri) {
        if (iri == null) {
            return;
        }
        try {
            if (!IRIx.create(iri).isAbsolute()) {
                throw new ParameterException(spec.commandLine(), option + " needs an absolute IRI, got '" + iri + "'");
            }
        } catch (IRIException e) {
            throw new ParameterException(spec.commandLine(), option + ": bad IRI '" + iri + "': " + e.getMessage());
        }
    }

    static void print(PrintStream out, SimpleLoader.Summary s, long storeQuads) {
        out.printf(Text.LOCALE, "loaded %d file%s in %s%n", s.feeds(), s.feeds() == 1 ? "" : "s", Text.seconds(s.elapsedNanos()));
        out.printf(Text.LOCALE, "  quads read   %,d%n", s.quadsRead());
        out.printf(Text.LOCALE, "  added        %,d%n", s.quadsAdded());
        out.printf(Text.LOCALE, "  duplicates   %,d%n", s.duplicates());
        out.printf(Text.LOCALE, "  rate         %,.0f quads/s%n", s.quadsPerSecond());
        out.printf(Text.LOCALE, "  store now    %,d quads%n", storeQuads);
    }
}
