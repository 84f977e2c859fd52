package dev.quarry.spark.parse;

import dev.quarry.loader.encode.TermIds;
import dev.quarry.spark.dict.Key;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One split's dictionary: numbers the split's distinct terms 1, 2, ... as it meets them, in
 * dictionary ids' form ({@link TermId#dictionaryId}), so a quad of the split holds split-local
 * ids until the global ids are known; inline ids are final already.
 */
final class LocalTerms implements TermIds {
    private final Map<Key, Long> ids = new HashMap<>();
    private final List<byte[]> terms = new ArrayList<>();

    @Override
    public long idOf(byte[] term, int off, int len, long hash) {
        byte[] t = Arrays.copyOfRange(term, off, off + len);
        return ids.computeIfAbsent(new Key(t), k -> {
            terms.add(t);
            return TermId.dictionaryId(terms.size());
        });
    }

    /** The terms, the one with local sequence {@code n} at index {@code n - 1}. */
    byte[][] table() {
        return terms.toArray(new byte[0][]);
    }
}
