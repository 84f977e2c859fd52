package dev.quarry.endpoint.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.riot.resultset.ResultSetReaderRegistry;
import org.apache.jena.riot.rowset.RowSetReaderRegistry;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.resultset.ResultsCompare;
import org.apache.jena.sparql.resultset.SPARQLResult;
import org.junit.jupiter.api.Test;

/** Our JSON results read back with ARQ's reader as the same rows (blank nodes up to renaming) and the same boolean. */
class JsonResultsWriterTest {
    private static final Var A = Var.alloc("a");
    private static final Var B = Var.alloc("b");
    private static final Var C = Var.alloc("c");

    @Test
    void rowsReadBackAsWritten() throws Exception {
        Node blank = NodeFactory.createBlankNode();
        List<Node> terms = List.of(
                NodeFactory.createURI("http://example.org/x?q=\"1\"&r=\\"),
                NodeFactory.createLiteralString("plain \"quoted\"\n\ttab\r\u0001\u001f end"),
                NodeFactory.createLiteralLang("chat", "fr"),
                NodeFactory.createLiteralDirLang("مرحبا", "ar", TextDirection.RTL),
                NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralString("é ü € 😀 中文"),
                blank,
                NodeFactory.createTripleTerm(Triple.create(NodeFactory.createURI("urn:s"),
                        NodeFactory.createURI("urn:p"), NodeFactory.createLiteralLang("o", "en"))));
        List<Binding> rows = new java.util.ArrayList<>();
        for (Node t : terms) {
            rows.add(BindingFactory.binding(A, t, B, blank)); // ?c unbound, the blank node repeated
        }
        rows.add(BindingFactory.binding(C, NodeFactory.createURI("urn:only-c")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonResultsWriter.writeRows(out, rowSet(rows, List.of(A, B, C)));
        RowSet read = read(out);
        assertEquals(List.of(A, B, C), read.getResultVars());
        List<Binding> actual = new java.util.ArrayList<>();
        read.forEachRemaining(actual::add);
        assertEquals(rows.size(), actual.size());
        assertTrue(ResultsCompare.equalsByTerm(rows, actual), out.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static RowSet rowSet(List<Binding> rows, List<Var> vars) {
        return RowSet.create(QueryIterPlainWrapper.create(rows.iterator()), vars);
    }

    private static RowSet read(ByteArrayOutputStream out) {
        return RowSetReaderRegistry.getFactory(ResultSetLang.RS_JSON).create(ResultSetLang.RS_JSON)
                .read(new ByteArrayInputStream(out.toByteArray()), null);
    }

    @Test
    void emptyResultHasItsVariables() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonResultsWriter.writeRows(out, rowSet(List.of(), List.of(A)));
        RowSet read = read(out);
        assertEquals(List.of(A), read.getResultVars());
        assertFalse(read.hasNext());
    }

    @Test
    void booleanReadsBack() throws Exception {
        for (boolean b : new boolean[] {true, false}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            JsonResultsWriter.writeBoolean(out, b);
            SPARQLResult r = ResultSetReaderRegistry.getFactory(ResultSetLang.RS_JSON).create(ResultSetLang.RS_JSON)
                    .readAny(new ByteArrayInputStream(out.toByteArray()), null);
            assertTrue(r.isBoolean());
            assertEquals(b, r.getBooleanResult());
        }
    }
}
