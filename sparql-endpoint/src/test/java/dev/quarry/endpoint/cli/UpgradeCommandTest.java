package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadStore;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.RocksKv;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quarry upgrade --store DIR}: what a user sees with a store of the previous format
 * (the key-level upgrade itself is tested in the store's StoreFormatTest).
 */
class UpgradeCommandTest {
    @TempDir
    Path dir;

    private Path storeOfFormat(String name, int format) throws Exception {
        Path store = dir.resolve(name);
        try (QuadStore qs = QuadStore.open(store); WriteTransaction w = qs.beginWrite()) {
            for (int i = 0; i < 5; i++) {
                w.add(null, NodeFactory.createURI("urn:ex:s:" + i), NodeFactory.createURI("urn:ex:p"),
                        NodeFactory.createLiteralByValue(i));
            }
            w.commit();
        }
        if (format >= 2) {
            withTermBytesAsTerm2IdKeys(store);
        }
        Files.writeString(store.resolve("quarry.store"), "quarry-store-format=" + format + "\n");
        return store;
    }

    /** Formats 2 to 4 keyed TERM2ID by the term bytes themselves (the tag, then the bytes); format 5 by their hash. */
    private static void withTermBytesAsTerm2IdKeys(Path store) {
        try (RocksKv kv = RocksKv.open(store.resolve("db"), 1 << 20, true);
             KvBatch batch = kv.newBatch();
             KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_ID2TERM})) {
            while (it.next()) {
                byte[] term = it.value();
                byte[] old = new byte[1 + term.length];
                old[0] = KeyLayout.TAG_TERM2ID;
                System.arraycopy(term, 0, old, 1, term.length);
                batch.delete(KeyLayout.term2idKey(term));
                batch.put(old, KeyLayout.longBytes(KeyLayout.getLong(it.key(), 1)));
            }
            kv.write(batch);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void anOlderStoreIsRefusedWithTheCommandThenUpgraded(int format) throws Exception {
        Path store = storeOfFormat("old" + format, format);
        CliRun refused = CliRun.run("stats", "--store", store.toString());
        assertEquals(Main.FAILURE, refused.code());
        assertTrue(refused.err().contains("run 'quarry upgrade --store " + store + "'"), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());

        CliRun upgraded = CliRun.run("upgrade", "--store", store.toString());
        assertEquals(Main.OK, upgraded.code(), upgraded.err());
        assertTrue(upgraded.out().startsWith(store + ": upgraded to store format 5 in "), upgraded.out());
        // no IRI ends in a delimiter: only TERM2ID is written again, eleven terms (five subjects, one
        // predicate, five xsd:int literals: only xsd:integer and a few other types are inlined)
        assertTrue(upgraded.out().strip().endsWith("(11 dictionary entries rewritten)"), upgraded.out());
        CliRun again = CliRun.run("upgrade", "--store", store.toString());
        assertEquals(Main.OK, again.code(), again.err());
        assertEquals(store + ": already of store format 5, nothing to do", again.out().strip());
        CliRun verify = CliRun.run("verify", "--store", store.toString());
        assertEquals(Main.OK, verify.code(), verify.out() + verify.err());
        assertTrue(verify.out().startsWith("ok: 5 quads"), verify.out());
    }

    @Test
    void storesItCannotUpgradeGetAOneLineError() throws Exception {
        Path one = storeOfFormat("one", 1);
        CliRun r = CliRun.run("upgrade", "--store", one.toString());
        assertEquals(Main.FAILURE, r.code());
        assertTrue(r.err().contains("format 1, older than this build's format 5: reload the data into a new store"), r.err());
        Path missing = dir.resolve("missing");
        CliRun m = CliRun.run("upgrade", "--store", missing.toString());
        assertEquals(Main.FAILURE, m.code());
        assertTrue(m.err().contains(missing + ": no Quarry store there"), m.err());
        Path foreign = Files.createDirectories(dir.resolve("foreign"));
        CliRun f = CliRun.run("upgrade", "--store", foreign.toString());
        assertEquals(Main.FAILURE, f.code());
        assertTrue(f.err().contains("is not a Quarry store"), f.err());
    }
}
