package dev.quarry.endpoint.cli;

import dev.quarry.store.arq.QuarryDatasetGraph;
import java.io.OutputStream;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.exec.RowSetOps;
import org.apache.jena.sparql.resultset.ResultsWriter;
import org.apache.jena.system.Txn;

/** Runs a query on a store (in one read transaction: one snapshot) and writes its result. */
final class QueryPrinter {
    private QueryPrinter() {}

    /** The format used when the user names none. */
    static ResultFormat defaultFor(Query query) {
        return query.isSelectType() || query.isAskType() ? ResultFormat.TABLE : ResultFormat.TURTLE;
    }

    static void print(QuarryDatasetGraph dsg, Query query, ResultFormat format, OutputStream out) {
        boolean solutions = query.isSelectType() || query.isAskType();
        if (solutions != format.forSolutions()) {
            throw new CliFailure("--format " + format.name().toLowerCase(Text.LOCALE) + " does not fit a "
                    + (solutions ? "SELECT or ASK query: use table, json, csv, tsv or xml"
                            : "CONSTRUCT or DESCRIBE query: use turtle, ntriples, nquads or trig"));
        }
        Txn.executeRead(dsg, () -> {
            try (QueryExec exec = QueryExec.dataset(dsg).query(query).build()) {
                if (query.isSelectType()) {
                    writeRows(exec.select(), query, format, out);
                } else if (query.isAskType()) {
                    writeBoolean(exec.ask(), format, out);
                } else {
                    writeRdf(exec, query, format, out);
                }
            }
        });
    }

    private static void writeRows(RowSet rows, Query query, ResultFormat format, OutputStream out) {
        if (format == ResultFormat.TABLE) {
            RowSetOps.out(out, rows, query.getPrologue());
        } else {
            ResultsWriter.create().lang(lang(format)).build().write(out, rows);
        }
    }

    private static void writeBoolean(boolean answer, ResultFormat format, OutputStream out) {
        if (format == ResultFormat.TABLE) {
            RowSetOps.out(out, answer);
        } else {
            ResultsWriter.create().lang(lang(format)).build().write(out, answer);
        }
    }

    private static Lang lang(ResultFormat format) {
        return switch (format) {
            case JSON -> ResultSetLang.RS_JSON;
            case CSV -> ResultSetLang.RS_CSV;
            case TSV -> ResultSetLang.RS_TSV;
            case XML -> ResultSetLang.RS_XML;
            default -> throw new IllegalArgumentException(format + " is not a result set format");
        };
    }

    private static void writeRdf(QueryExec exec, Query query, ResultFormat format, OutputStream out) {
        if (format == ResultFormat.NQUADS || format == ResultFormat.TRIG) {
            DatasetGraph result = query.isConstructType() ? exec.constructDataset()
                    : DatasetGraphFactory.wrap(exec.describe());
            RDFDataMgr.write(out, result, format == ResultFormat.TRIG ? RDFFormat.TRIG : RDFFormat.NQUADS);
            return;
        }
        Graph result = query.isConstructType() ? exec.construct() : exec.describe();
        if (format == ResultFormat.TURTLE) {
            result.getPrefixMapping().setNsPrefixes(query.getPrefixMapping());
            RDFDataMgr.write(out, result, RDFFormat.TURTLE);
        } else {
            RDFDataMgr.write(out, result, RDFFormat.NTRIPLES);
        }
    }
}
