package dev.quarry.store.rocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RocksDB iterator or snapshot closed by another thread (a disconnect, a timeout, a
 * shutdown) while its query thread uses it crashed the JVM in native code. Only the
 * opening thread frees it now; every other use after a close is an exception.
 */
class NativeReaderConfinementTest {
    @TempDir
    Path dir;

    private static List<byte[]> entries(int n) {
        List<byte[]> kv = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            kv.add(new byte[] {0x01, (byte) i});
            kv.add(new byte[] {(byte) i});
        }
        return kv;
    }

    private static void onOtherThread(Runnable r) throws InterruptedException {
        Thread t = new Thread(r);
        t.start();
        t.join();
    }

    @Test
    void cursorClosedByAnotherThreadFailsOnItsOwnersNextCallInsteadOfCrashing() throws Exception {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(10));
            KvSnapshot snap = kv.snapshot();
            KvCursor c = snap.cursor();
            c.seek(new byte[] {0x01});
            assertTrue(c.next());
            onOtherThread(c::close);
            IllegalStateException e = assertThrows(IllegalStateException.class, c::next);
            assertTrue(e.getMessage().contains("closed by another thread"), e.getMessage());
            assertThrows(IllegalStateException.class, c::next, "freed on the owner's thread, then closed for good");
            c.close(); // a second close is harmless
            snap.close();
        }
    }

    @Test
    void cursorUsedAfterCloseThrows() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(3));
            KvCursor c = kv.cursor();
            c.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.seek(new byte[] {0x01}));
            assertEquals("RocksDB cursor is closed", e.getMessage());
        }
    }

    @Test
    void snapshotClosedByAnotherThreadIsNotReleasedUnderItsOwner() throws Exception {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(3));
            KvSnapshot snap = kv.snapshot();
            onOtherThread(snap::close);
            assertThrows(IllegalStateException.class, () -> snap.get(new byte[] {0x01, 0}));
            assertThrows(IllegalStateException.class, snap::cursor);
        }
    }

    @Test
    void iteratorClosedByAnotherThreadFailsOnItsOwnersNextCall() throws Exception {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(5));
            KvIterator it = kv.scan(new byte[] {0x01});
            assertTrue(it.next());
            onOtherThread(it::close);
            assertThrows(IllegalStateException.class, it::next);
        }
    }
}
