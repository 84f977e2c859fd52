package dev.quarry.bench.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.sort.BatchSorter;
import dev.quarry.loader.sort.SortedRunSpool;
import org.junit.jupiter.api.Test;

/** The benchmarks' output checks fail on wrong output: they are not decoration. */
class StageChecksTest {
    private static final int QUADS = 1_000;

    @Test
    void idCheckRejectsATermWithAnotherTermsId() throws Exception {
        try (ScratchStore scratch = new ScratchStore(); LoadDictionary dictionary = scratch.newDictionary()) {
            TermStream terms = TermStream.of(StageInput.nquads(QUADS), QUADS);
            long[] ids = new long[QUADS * 4];
            terms.encode(scratch.newEncoder(dictionary), ids);
            assertEquals(dictionary.newTerms(), terms.checkIds(ids));
            ids[0] = ids[1]; // the first subject gets the first predicate's id
            String message = assertThrows(IllegalStateException.class, () -> terms.checkIds(ids)).getMessage();
            assertTrue(message.startsWith("one term, two ids") || message.startsWith("two terms, one id"), message);
        }
    }

    @Test
    void storeCheckRejectsAWrongQuadCount() throws Exception {
        try (ScratchStore scratch = new ScratchStore()) {
            StageInput input = StageInput.encoded(scratch, QUADS);
            SortedRunSpool runs = new SortedRunSpool(scratch.newDirectory("runs-"), Long.MAX_VALUE);
            try {
                SortedBatches.sortInto(input, 300, new BatchSorter(), SortedBatches.workArray(input, 300), runs);
                runs.finishSpills();
                IndexFiles.Written written = IndexFiles.merge(runs, scratch.session());
                assertEquals(input.distinct, written.distinct());
                String message = assertThrows(IllegalStateException.class,
                        () -> IndexFiles.commitAndValidate(scratch, written.files(), input.dictionary, input.distinct + 1))
                        .getMessage();
                assertTrue(message.contains(input.distinct + " quads, expected " + (input.distinct + 1)), message);
            } finally {
                runs.close();
                input.dictionary.close();
            }
        }
    }
}
