package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.KvReader;
import java.util.ArrayList;
import java.util.List;

/** Distinct graph ids by skip-scanning the GSPO index: one seek per graph, not per quad. */
final class QuadReaderGraphs {
    private QuadReaderGraphs() {}

    static List<Long> namedGraphs(KvReader reader) {
        List<Long> graphs = new ArrayList<>();
        byte[] prefix = {KeyLayout.TAG_GSPO};
        try (KvIterator it = reader.scan(prefix)) {
            while (it.next()) {
                long g = KeyLayout.getLong(it.key(), 1);
                if (g != TermId.DEFAULT_GRAPH) {
                    graphs.add(g);
                }
                if (g == -1L) {
                    break;
                }
                byte[] next = new byte[9];
                next[0] = KeyLayout.TAG_GSPO;
                KeyLayout.putLong(next, 1, g + 1);
                it.seek(next);
            }
        }
        return graphs;
    }
}
