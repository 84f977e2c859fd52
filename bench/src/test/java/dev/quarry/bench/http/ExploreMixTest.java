package dev.quarry.bench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.bench.gen.BsbmGenerator;
import dev.quarry.bench.gen.Catalog;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSetRewindable;
import org.apache.jena.sparql.resultset.ResultsWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The drawn queries on the generator's data in memory (ARQ, no server): deterministic, valid
 * SPARQL, answered with rows for most draws, and {@link RowCounter} counts the rows of the
 * serialized answers exactly as ARQ produced them.
 */
class ExploreMixTest {
    private static final long QUADS = 15_000;
    private static DatasetGraph data;
    private static Catalog catalog;

    @BeforeAll
    static void generate() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BsbmGenerator.write(out, false, QUADS, BsbmGenerator.DEFAULT_SEED);
        data = DatasetGraphFactory.createTxnMem();
        RDFParser.source(new ByteArrayInputStream(out.toByteArray())).lang(Lang.NQUADS).parse(data);
        catalog = Catalog.replay(QUADS, BsbmGenerator.DEFAULT_SEED);
    }

    @Test
    void catalogueMatchesTheGeneratedData() {
        assertTrue(catalog.products().size() > 100, "products: " + catalog.products().size());
        assertEquals(catalog.products(), Catalog.replay(QUADS, BsbmGenerator.DEFAULT_SEED).products());
        assertNotEquals(catalog.products(), Catalog.replay(QUADS, 1).products());
        for (Catalog.Product p : List.of(catalog.products().getFirst(), catalog.products().getLast())) {
            String ask = "ASK { GRAPH <" + p.graph() + "> { <" + p.iri() + "> a <" + p.type() + "> ; <http://www.w3.org/2000/01/rdf-schema#label> \""
                + p.label() + "\" ; <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/productFeature> <" + p.features().getLast()
                + "> ; <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/productPropertyNumeric1> " + p.numeric1() + " } }";
            assertTrue(QueryExec.dataset(data).query(ask).ask(), ask);
        }
    }

    @Test
    void planIsDeterministicAndEachMixRunsEveryTemplateOnce() {
        MixPlan plan = new MixPlan(ExploreMix.TEMPLATES, catalog, 7);
        MixPlan again = new MixPlan(ExploreMix.TEMPLATES, catalog, 7);
        for (int m = 0; m < 5; m++) {
            List<MixPlan.Query> mix = plan.mix(m);
            assertEquals(mix, again.mix(m));
            assertEquals(IntStream.range(0, ExploreMix.TEMPLATES.size()).boxed().toList(),
                mix.stream().map(MixPlan.Query::template).sorted().toList());
        }
        assertNotEquals(plan.mix(0), plan.mix(1));
        assertNotEquals(plan.mix(0), new MixPlan(ExploreMix.TEMPLATES, catalog, 8).mix(0));
    }

    @Test
    void everyTemplateAnswersMostDrawsAndRowCounterAgreesWithArq() throws IOException {
        MixPlan plan = new MixPlan(ExploreMix.TEMPLATES, catalog, 1);
        int mixes = 8;
        int[] empty = new int[ExploreMix.TEMPLATES.size()];
        for (int m = 0; m < mixes; m++) {
            for (MixPlan.Query q : plan.mix(m)) {
                Query query = QueryFactory.create(q.text());
                long rows = ExploreMix.TEMPLATES.get(q.template()).construct() ? constructLines(query) : selectRows(query);
                if (rows == 0) {
                    empty[q.template()]++;
                }
            }
        }
        for (int t = 0; t < empty.length; t++) {
            assertTrue(empty[t] * 4 <= mixes, ExploreMix.TEMPLATES.get(t).name() + ": empty for " + empty[t] + " of " + mixes);
        }
    }

    private static long selectRows(Query query) throws IOException {
        RowSetRewindable rows = QueryExec.dataset(data).query(query).select().rewindable();
        long n = rows.size();
        rows.reset();
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        ResultsWriter.create().lang(ResultSetLang.RS_JSON).write(json, rows);
        assertEquals(n, RowCounter.jsonRows(new ByteArrayInputStream(json.toByteArray())), query::toString);
        return n;
    }

    private static long constructLines(Query query) throws IOException {
        var graph = QueryExec.dataset(data).query(query).construct();
        ByteArrayOutputStream nt = new ByteArrayOutputStream();
        RDFDataMgr.write(nt, graph, Lang.NTRIPLES);
        long n = RowCounter.ntriplesLines(new ByteArrayInputStream(nt.toByteArray()));
        assertEquals(graph.size(), n, query::toString);
        assertFalse(n == 0 && !graph.isEmpty());
        return n;
    }
}
