package dev.quarry.store.verify;

import java.util.List;

/**
 * What {@link StoreValidator} found.
 *
 * @param quads    quads in the SPOG index
 * @param terms    dictionary entries checked
 * @param problems one line per problem found (at most {@link StoreValidator#MAX_PROBLEMS})
 */
public record ValidationReport(long quads, long terms, List<String> problems) {
    public boolean ok() {
        return problems.isEmpty();
    }
}
