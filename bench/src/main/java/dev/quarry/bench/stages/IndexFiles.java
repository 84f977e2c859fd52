package dev.quarry.bench.stages;

import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.sort.IndexMerger;
import dev.quarry.loader.sort.SortedRunSpool;
import dev.quarry.store.BulkSession;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The loader's last steps on sorted runs, shared by the sort and SST benchmarks: one SST
 * file per index ({@link IndexMerger}), and the check that commits such files and validates
 * the store they make.
 */
final class IndexFiles {
    /** The six index files of one merge and the distinct quads the SPOG merge counted. */
    record Written(List<Path> files, long distinct) {}

    private IndexFiles() {}

    /**
     * Merges each index's runs into an SST file of {@code session}, as the loader's finisher
     * does (there on several threads, here one index after the other). The store is treated as
     * empty: no duplicate check against it.
     */
    static Written merge(SortedRunSpool runs, BulkSession session) {
        List<Path> files = new ArrayList<>(6);
        IndexMerger.SpogResult spog = IndexMerger.mergeSpog(runs, session, false, () -> false);
        add(files, spog.file());
        for (Permutation p : Permutation.values()) {
            if (p != Permutation.SPOG) {
                add(files, IndexMerger.merge(runs, p, session, false, () -> false));
            }
        }
        return new Written(files, spog.counts().distinct());
    }

    /**
     * Commits {@code indexFiles} with {@code dictionary}'s TERM2ID and ID2TERM files in the
     * scratch store's current session (the dictionary must belong to it), then validates the
     * whole store: the indexes hold the same quads, every id decodes, the statistics match.
     * It must hold exactly {@code expectedQuads}. RocksDB's file writer has already refused any
     * key out of order.
     */
    static void commitAndValidate(ScratchStore scratch, List<Path> indexFiles, LoadDictionary dictionary,
                                  long expectedQuads) {
        if (indexFiles.size() < 3) {
            throw new IllegalStateException(indexFiles.size() + " index files, expected 3 (default graph only) to 6");
        }
        List<Path> all = new ArrayList<>(indexFiles);
        all.addAll(dictionary.writeTermToId());
        all.addAll(dictionary.writeIdToTerm());
        scratch.session().commit(all);
        ValidationReport report = StoreValidator.validate(scratch.store);
        if (!report.ok() || report.quads() != expectedQuads) {
            throw new IllegalStateException("store made of the benchmark's files: " + report.quads() + " quads, expected "
                    + expectedQuads + "; problems: " + report.problems());
        }
    }

    private static void add(List<Path> files, Path p) {
        if (p != null) {
            files.add(p);
        }
    }
}
