package dev.quarry.e2e.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.resultset.ResultsReader;
import org.apache.jena.sparql.resultset.SPARQLResult;
import org.apache.jena.sparql.vocabulary.ResultSetGraphVocab;

/**
 * Expected query results from a suite file: SPARQL results (.srx, .srj, .tsv, .csv),
 * or the RDF result-set vocabulary in Turtle / RDF/XML. Read fully, so nothing holds the file open.
 */
final class ExpectedResults {
    private ExpectedResults() {}

    static ResultSetRewindable rows(Path file) {
        if (isRdf(file)) {
            return ResultSetFactory.makeRewindable(RDFDataMgr.loadModel(file.toString()));
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in).getResultSet().rewindable();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean bool(Path file) {
        if (isRdf(file)) {
            Model m = RDFDataMgr.loadModel(file.toString());
            Statement st = m.listStatements(null, ResultSetGraphVocab.p_boolean, (org.apache.jena.rdf.model.RDFNode) null)
                    .nextOptional().orElseThrow(() -> new IllegalArgumentException("no rs:boolean in " + file));
            return st.getBoolean();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in).getBooleanResult();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SPARQLResult read(Path file, InputStream in) {
        Lang lang = ResultSetLang.RS_XML;
        String name = file.getFileName().toString();
        if (name.endsWith(".srj")) {
            lang = ResultSetLang.RS_JSON;
        } else if (name.endsWith(".tsv")) {
            lang = ResultSetLang.RS_TSV;
        } else if (name.endsWith(".csv")) {
            lang = ResultSetLang.RS_CSV;
        }
        return ResultsReader.create().lang(lang).build().readAny(in);
    }

    private static boolean isRdf(Path file) {
        Lang lang = RDFLanguages.pathnameToLang(file.toString());
        return lang != null && RDFLanguages.isTriples(lang);
    }
}
