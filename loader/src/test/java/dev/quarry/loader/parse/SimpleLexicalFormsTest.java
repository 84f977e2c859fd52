package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.riot.system.Checker;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.sys.JenaSystem;
import org.junit.jupiter.api.Test;

/** The fast path only ever says "valid" where Jena's checker agrees. */
class SimpleLexicalFormsTest {
    static {
        JenaSystem.init();
    }

    private static final List<RDFDatatype> TYPES = List.of(XSDDatatype.XSDinteger, XSDDatatype.XSDdecimal,
            XSDDatatype.XSDdate, XSDDatatype.XSDdateTime, XSDDatatype.XSDboolean, XSDDatatype.XSDint);
    private static final List<String> FORMS = List.of("0", "-0", "42", "-17", "007", "+5", "", "-", "1.5", "-3.50",
            ".5", "5.", "1e3", "abc", " 1", "1 ", "2008-05-19", "2008-02-28", "2008-02-29", "2008-02-30", "2008-13-01",
            "2008-00-10", "0999-01-01", "2008-5-19", "2008-05-19Z", "2008-05-19T00:00:00", "2008-05-19T23:59:59",
            "2008-05-19T24:00:00", "2008-05-19T12:60:00", "2008-05-19T12:00:60", "2008-05-19T12:00:00.5",
            "2008-05-19T12:00:00Z", "true", "false", "1", "TRUE", "tru", "99999999999999999999999");

    @Test
    void everyFormTheFastPathAcceptsIsValidForJena() {
        int accepted = 0;
        for (RDFDatatype type : TYPES) {
            for (String form : FORMS) {
                byte[] b = ("xx" + form).getBytes(StandardCharsets.UTF_8);
                if (SimpleLexicalForms.certainlyValid(type, b, 2, b.length - 2)) {
                    accepted++;
                    assertTrue(jenaAccepts(form, type), form + " ^^ " + type.getURI());
                }
            }
        }
        assertEquals(22, accepted); // the plain forms above (integers, decimals, dates, booleans); the rest go to Jena
    }

    @Test
    void unknownOrOddFormsAreLeftToJena() {
        byte[] b = "2008-05-19T00:00:00".getBytes(StandardCharsets.UTF_8);
        assertFalse(SimpleLexicalForms.certainlyValid(XSDDatatype.XSDint, b, 0, 2));
        assertFalse(SimpleLexicalForms.certainlyValid(XSDDatatype.XSDdate, b, 0, b.length));
    }

    @Test
    void checkWithBytesReportsWhatTheStringCheckReports() {
        DatatypeCheck check = new DatatypeCheck();
        byte[] dt = XSDDatatype.XSDinteger.getURI().getBytes(StandardCharsets.UTF_8);
        for (String form : List.of("42", "abc", "1.5", "-0")) {
            byte[] lex = form.getBytes(StandardCharsets.UTF_8);
            assertEquals(check.check(dt, 0, dt.length, form), check.check(dt, 0, dt.length, lex, 0, lex.length), form);
        }
        assertNull(check.check(dt, 0, dt.length, "42".getBytes(StandardCharsets.UTF_8), 0, 2));
    }

    private static boolean jenaAccepts(String form, RDFDatatype type) {
        boolean[] bad = {false};
        Checker.checkLiteral(form, type, new ErrorHandler() {
                    @Override
                    public void warning(String msg, long line, long col) {
                        bad[0] = true;
                    }

                    @Override
                    public void error(String msg, long line, long col) {
                        bad[0] = true;
                    }

                    @Override
                    public void fatal(String msg, long line, long col) {
                        bad[0] = true;
                    }
                }, -1, -1);
        return !bad[0] && type.isValid(form);
    }
}
