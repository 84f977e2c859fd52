package dev.quarry.loader.parse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.riot.system.Checker;

/**
 * Whether a typed literal's lexical form fits its datatype, by RIOT's own literal checker
 * (so "abc"^^xsd:integer is flagged exactly as RIOT would warn). Datatypes Jena does not
 * know are not checked. One per worker: caches the last few datatypes by their bytes.
 */
final class DatatypeCheck {
    private static final int SLOTS = 16;
    private final byte[][] keys = new byte[SLOTS][];
    private final RDFDatatype[] types = new RDFDatatype[SLOTS];
    private int nextSlot;
    private final LastMessage capture = new LastMessage();

    /** Whether a RIOT warning is its literal checker's "lexical form not valid for the datatype". */
    static boolean isMismatchMessage(String message) {
        return message.startsWith("Lexical form '");
    }

    /** Null if the literal fits (or the datatype is unknown), else RIOT's message. */
    String check(byte[] dt, int dtOff, int dtLen, String lexical) {
        RDFDatatype type = type(dt, dtOff, dtLen);
        if (type == null) {
            return null;
        }
        capture.message = null;
        Checker.checkLiteral(lexical, type, capture, -1, -1);
        return capture.message;
    }

    /** As {@link #check(byte[], int, int, String)}, with the lexical form as UTF-8 bytes (a String only if needed). */
    String check(byte[] dt, int dtOff, int dtLen, byte[] lex, int off, int len) {
        RDFDatatype type = type(dt, dtOff, dtLen);
        if (type == null || SimpleLexicalForms.certainlyValid(type, lex, off, len)) {
            return null;
        }
        capture.message = null;
        Checker.checkLiteral(new String(lex, off, len, StandardCharsets.UTF_8), type, capture, -1, -1);
        return capture.message;
    }

    private RDFDatatype type(byte[] dt, int off, int len) {
        for (int i = 0; i < SLOTS; i++) {
            byte[] k = keys[i];
            if (k != null && Arrays.equals(k, 0, k.length, dt, off, off + len)) {
                return types[i];
            }
        }
        String iri = new String(dt, off, len, StandardCharsets.UTF_8);
        RDFDatatype t = TypeMapper.getInstance().getTypeByName(iri);
        int slot = nextSlot++ % SLOTS;
        keys[slot] = Arrays.copyOfRange(dt, off, off + len);
        types[slot] = t;
        return t;
    }
}
