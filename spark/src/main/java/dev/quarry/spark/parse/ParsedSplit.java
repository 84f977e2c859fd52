package dev.quarry.spark.parse;

import dev.quarry.loader.LoadError;
import java.io.Serializable;
import java.util.List;

/**
 * What one input split parsed to. Its quads hold split-local ids for dictionary terms (the
 * one with local sequence n is {@code terms[n - 1]}), whose IRIs and datatypes name namespaces
 * by split-local prefix ids ({@code namespaces[id - 1]}); inline ids are final.
 *
 * @param split      the split's index (the Spark partition)
 * @param file       the file the split is part of
 * @param start      the split's first byte in the file (for bzip2 a position in the compressed file)
 * @param lines      lines the split holds (each line belongs to exactly one split)
 * @param quads      4 ids a quad, (s, p, o, g)
 * @param records    statements parsed, duplicates included
 * @param errors     bad statements, the first {@code LoadReport.MAX_ERRORS}; lines counted from the split's first line (1)
 */
public record ParsedSplit(int split, String file, long start, long lines, long[] quads, byte[][] terms,
                         String[] namespaces, long records, long parsingErrors, long datatypeErrors,
                         List<LoadError> errors) implements Serializable {

    /** The same split with its terms' namespace ids made global (quads unchanged). */
    public ParsedSplit withTerms(byte[][] globalTerms) {
        return new ParsedSplit(split, file, start, lines, quads, globalTerms, new String[0], records, parsingErrors,
                datatypeErrors, errors);
    }

    /** The counts and errors alone, for the driver. */
    public ParsedSplit summary() {
        return new ParsedSplit(split, file, start, lines, new long[0], new byte[0][], new String[0], records,
                parsingErrors, datatypeErrors, errors);
    }
}
