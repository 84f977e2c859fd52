package dev.quarry.engine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.riot.rowset.RowSetReaderRegistry;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.resultset.ResultsCompare;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** Our result writers, read back with ARQ's readers: the same rows (blank nodes up to renaming) and booleans. */
class ResultWriterTest {
    private static final Var A = Var.alloc("a");
    private static final Var B = Var.alloc("b");
    private static final Var C = Var.alloc("c");

    private static List<Binding> sampleRows() {
        Node blank = NodeFactory.createBlankNode();
        List<Node> terms = List.of(
                NodeFactory.createURI("http://example.org/x?q=1&r=é#frag"),
                NodeFactory.createLiteralString("plain \"quoted\" <tag> & 'apos'\n\ttab\r end"),
                NodeFactory.createLiteralLang("chat", "fr"),
                NodeFactory.createLiteralDirLang("مرحبا", "ar", TextDirection.RTL),
                NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("2008-06-20T00:00:00", XSDDatatype.XSDdateTime),
                NodeFactory.createLiteralString("é ü € 😀 中文"),
                blank,
                NodeFactory.createTripleTerm(Triple.create(NodeFactory.createURI("urn:s"),
                        NodeFactory.createURI("urn:p"), NodeFactory.createLiteralLang("o", "en"))));
        List<Binding> rows = new ArrayList<>();
        for (Node t : terms) {
            rows.add(BindingFactory.binding(A, t, B, blank)); // ?c unbound, the blank node repeated
        }
        rows.add(BindingFactory.binding(C, NodeFactory.createURI("urn:only-c")));
        return rows;
    }

    private static Solutions solutions(List<Binding> rows, List<Var> vars) {
        return new RowSetSolutions(RowSet.create(QueryIterPlainWrapper.create(rows.iterator()), vars));
    }

    private static Lang lang(ResultWriter.Format f) {
        return switch (f) {
            case JSON -> ResultSetLang.RS_JSON;
            case XML -> ResultSetLang.RS_XML;
            case CSV -> ResultSetLang.RS_CSV;
            case TSV -> ResultSetLang.RS_TSV;
        };
    }

    private static RowSet read(ByteArrayOutputStream out, ResultWriter.Format f) {
        return RowSetReaderRegistry.getFactory(lang(f)).create(lang(f)).read(new ByteArrayInputStream(out.toByteArray()), null);
    }

    @ParameterizedTest
    @EnumSource(value = ResultWriter.Format.class, names = {"JSON", "XML", "TSV"})
    void rowsReadBackAsWritten(ResultWriter.Format format) throws Exception {
        List<Binding> rows = sampleRows();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultWriter.writeSolutions(out, format, solutions(rows, List.of(A, B, C)));
        RowSet read = read(out, format);
        assertEquals(List.of(A, B, C), read.getResultVars());
        List<Binding> actual = new ArrayList<>();
        read.forEachRemaining(actual::add);
        assertEquals(rows.size(), actual.size());
        assertTrue(ResultsCompare.equalsByTerm(rows, actual), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void csvWritesPlainValuesAndBlankNodesAsLabels() throws Exception {
        Node blank = NodeFactory.createBlankNode();
        List<Binding> rows = List.of(
                BindingFactory.binding(A, NodeFactory.createURI("http://example.org/a"), B, blank),
                BindingFactory.binding(A, NodeFactory.createLiteralLang("x, \"y\"", "en"), B, blank),
                BindingFactory.binding(A, NodeFactory.createLiteralDT("1", XSDDatatype.XSDinteger)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultWriter.writeSolutions(out, ResultWriter.Format.CSV, solutions(rows, List.of(A, B)));
        assertEquals("a,b\r\nhttp://example.org/a,_:b0\r\n\"x, \"\"y\"\"\",_:b0\r\n1,\r\n", out.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(value = ResultWriter.Format.class, names = {"JSON", "XML", "TSV"})
    void emptyResultHasItsVariables(ResultWriter.Format format) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultWriter.writeSolutions(out, format, solutions(List.of(), List.of(A)));
        RowSet read = read(out, format);
        assertEquals(List.of(A), read.getResultVars());
        assertFalse(read.hasNext());
    }

    @ParameterizedTest
    @EnumSource(value = ResultWriter.Format.class, names = {"JSON", "XML"})
    void booleanReadsBack(ResultWriter.Format format) throws Exception {
        for (boolean answer : new boolean[] {true, false}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ResultWriter.writeBoolean(out, format, answer);
            boolean read = org.apache.jena.riot.ResultSetMgr.readBoolean(new ByteArrayInputStream(out.toByteArray()), lang(format));
            assertEquals(answer, read);
        }
    }
}
