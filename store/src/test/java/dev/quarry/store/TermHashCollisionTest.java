package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.dict.PrefixDictionary;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.error.StoreException;
import dev.quarry.store.rocks.RocksKv;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two terms with one TERM2ID hash (store format 5). No real 128-bit collision is at hand, so the
 * store is given one: the TERM2ID key of a term it does not hold is made to point at the id of
 * one it does. Every lookup must then compare the stored bytes and say "not in the store";
 * a write or a load of that term must fail rather than give it the other term's id.
 */
class TermHashCollisionTest {
    private static final Node STORED = NodeFactory.createURI("http://example.org/stored");
    private static final Node COLLIDING = NodeFactory.createURI("http://example.org/colliding");
    private static final Node P = NodeFactory.createURI("http://example.org/p");

    @TempDir
    Path dir;
    private byte[] collidingBytes;
    private long storedId;

    @BeforeEach
    void storeWithACollision() {
        try (QuadStore store = QuadStore.open(dir); WriteTransaction w = store.beginWrite()) {
            w.add(null, STORED, P, STORED);
            w.commit();
        }
        try (RocksKv kv = RocksKv.open(dir.resolve("db"), 1 << 20, true)) {
            TermCodec codec = new TermCodec(new PrefixDictionary(kv));
            byte[] stored = kv.get(KeyLayout.term2idKey(codec.encode(STORED, false)));
            assertNotNull(stored);
            storedId = KeyLayout.getLong(stored, 0);
            collidingBytes = codec.encode(COLLIDING, false); // its namespace is the stored term's
            assertNotNull(collidingBytes);
            kv.putAllUnsynced(java.util.List.of(KeyLayout.term2idKey(collidingBytes), stored));
        }
    }

    @Test
    void aLookupComparesTheStoredTermAndFindsNothing() {
        try (QuadStore store = QuadStore.open(dir); ReadView v = store.newReadView()) {
            assertEquals(TermId.NONE, v.lookup(COLLIDING));
            assertEquals(storedId, v.lookup(STORED));
        }
    }

    @Test
    void aWriteOfTheCollidingTermIsRefusedAndNothingIsWritten() {
        try (QuadStore store = QuadStore.open(dir)) {
            StoreException e = assertThrows(StoreException.class, () -> {
                try (WriteTransaction w = store.beginWrite()) {
                    w.add(null, COLLIDING, P, STORED);
                    w.commit();
                }
            });
            assertTrue(e.getMessage().startsWith("cannot store the term http://example.org/colliding: its 128-bit dictionary hash equals"
                    + " that of the stored term " + TermId.toString(storedId)), e.getMessage());
            try (ReadView v = store.newReadView(); QuadCursor c = v.find(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE)) {
                int quads = 0;
                while (c.next()) {
                    quads++;
                }
                assertEquals(1, quads);
            }
        }
    }

    @Test
    void aLoadOfTheCollidingTermFailsOnItsCommittedId() {
        try (QuadStore store = QuadStore.open(dir); BulkSession bulk = store.beginBulk()) {
            assertEquals(storedId, bulk.committedId(new TermCodec(store.prefixes()).encode(STORED, false)));
            StoreException e = assertThrows(StoreException.class, () -> bulk.committedId(collidingBytes));
            assertTrue(e.getMessage().contains("a hash collision; nothing was written"), e.getMessage());
        }
    }
}
