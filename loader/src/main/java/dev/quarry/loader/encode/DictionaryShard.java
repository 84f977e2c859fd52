package dev.quarry.loader.encode;

import dev.quarry.store.encoding.TermId;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One hash partition of the load's dictionary: an open-addressing table over a
 * {@link TermArena}, guarded by the shard's monitor. Terms new to the store get ids from
 * blocks reserved from the store; their arena order is therefore id order, which the
 * ID2TERM merge relies on. Over its byte budget the shard spills its new terms (a
 * {@link TermRunFile} by bytes, plus an append-only log in id order) and starts empty.
 *
 * <p>A spill sorts and writes outside the monitor: the full table is frozen (read-only, still
 * searched by lookups) and the thread that filled it writes it out while the other workers go
 * on looking terms up in this shard. Under the monitor the shards, filled evenly by the hash,
 * spilled together and every worker soon waited for the one spilling the shard it needed:
 * at BSBM 25 M the load made almost no progress for 5-6 s (two workers on 2 cores).
 */
final class DictionaryShard {
    private static final int ID_BLOCK = 4096;
    private static final int MAX_RUNS = 8;

    private final LoadDictionary owner;
    private final int number;
    private final long budget;
    private TermArena arena = new TermArena();
    /** Per slot: the term's hash (high 32 bits) and its arena offset + 1 (low 32; 0 = empty): one read a probe. */
    private long[] slots = new long[1 << 10];
    private int entries;
    /** The table being spilled (read-only until its run is written), or null. */
    private TermArena frozenArena;
    private long[] frozenSlots;
    /** A spill is under way (frozen, writing or compacting); only its thread writes the id log, run files and {@link #runFiles}. */
    private boolean spilling;
    /** A spill that failed: every later lookup fails with it (the load is failing). */
    private RuntimeException spillFailure;
    private long nextId;
    private long idsLeft;
    private final List<TermRunFile> runs = new ArrayList<>();
    private Path idLog;
    private DataOutputStream idLogOut;
    private long newTerms;
    private long spilledTerms;
    /** Run files written so far (their names). */
    private int runFiles;

    DictionaryShard(LoadDictionary owner, int number, long budget) {
        this.owner = owner;
        this.number = number;
        this.budget = budget;
    }

    long idOf(byte[] t, int off, int len, long hash) {
        long id;
        TermArena full;
        synchronized (this) {
            id = lookUpOrAdd(t, off, len, hash);
            if (spilling || arena.used() + slots.length * 8L <= budget) {
                return id; // (over budget while a spill is under way: the first lookup after it spills)
            }
            full = freeze();
        }
        spill(full);
        return id;
    }

    private long lookUpOrAdd(byte[] t, int off, int len, long hash) {
        if (spillFailure != null) {
            throw spillFailure;
        }
        int i = slotOf(slots, arena, t, off, len, hash);
        if (slots[i] != 0) {
            return arena.id((int) slots[i] - 1);
        }
        long id = TermId.NONE;
        if (frozenArena != null) {
            int f = slotOf(frozenSlots, frozenArena, t, off, len, hash);
            id = frozenSlots[f] == 0 ? TermId.NONE : frozenArena.id((int) frozenSlots[f] - 1);
        }
        for (int r = runs.size() - 1; r >= 0 && id == TermId.NONE; r--) {
            id = runs.get(r).find(t, off, len, hash);
        }
        byte state = TermArena.KNOWN;
        if (id == TermId.NONE) {
            id = owner.committedId(t, off, len);
        }
        if (id == TermId.NONE) {
            if (idsLeft == 0) {
                nextId = owner.reserveIds(ID_BLOCK);
                idsLeft = ID_BLOCK;
            }
            id = nextId++;
            idsLeft--;
            state = TermArena.NEW;
            newTerms++;
        }
        slots[i] = (hash & 0xFFFF_FFFF_0000_0000L) | (arena.append(t, off, len, id, state) + 1L);
        if (++entries * 2 > slots.length) {
            grow();
        }
        return id;
    }

    /** The slot of {@code slots} (a table over {@code arena}) that holds the term, or the empty slot where it would go. */
    private static int slotOf(long[] slots, TermArena arena, byte[] t, int off, int len, long hash) {
        long h = hash & 0xFFFF_FFFF_0000_0000L;
        int mask = slots.length - 1;
        int i = (int) hash & mask;
        for (long s; (s = slots[i]) != 0; i = (i + 1) & mask) {
            if ((s & 0xFFFF_FFFF_0000_0000L) == h && arena.equalsTerm((int) s - 1, t, off, len)) {
                return i;
            }
        }
        return i;
    }

    private void grow() {
        long[] oldSlots = slots;
        slots = new long[oldSlots.length * 2];
        int mask = slots.length - 1;
        for (long s : oldSlots) {
            if (s != 0) {
                int e = (int) s - 1;
                int i = (int) ByteHash.hash(arena.bytes(e), arena.start(e), arena.length(e)) & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = s;
            }
        }
    }

    /** Under the monitor: the full table becomes the frozen one, and an empty one takes its place; returns the full one. */
    private TermArena freeze() {
        spilling = true;
        frozenArena = arena;
        frozenSlots = slots;
        arena = new TermArena();
        slots = new long[1 << 10];
        entries = 0;
        return frozenArena;
    }

    /**
     * Outside the monitor, by the thread that froze the table: writes its new terms out (by id
     * to the log, by bytes to a run), then, under the monitor, puts the run in its place and
     * drops the frozen table; merges the runs when there are too many.
     */
    private void spill(TermArena full) {
        try {
            int[] fresh = newEntries(full);
            TermRunFile run = null;
            if (fresh.length > 0) {
                appendToIdLog(full, fresh);
                ArenaSort.sortByBytes(full, fresh);
                run = TermRunFile.write(owner.scratch().resolve("dict-" + number + "-" + (runFiles++) + ".run"), full, fresh,
                        fresh.length);
            }
            List<TermRunFile> toMerge;
            synchronized (this) {
                if (run != null) {
                    runs.add(run);
                    spilledTerms += fresh.length;
                }
                arena.recycle(full);
                frozenArena = null;
                frozenSlots = null;
                toMerge = runs.size() > MAX_RUNS ? List.copyOf(runs) : List.of();
            }
            if (!toMerge.isEmpty()) {
                compact(toMerge);
            }
            owner.spilled();
        } catch (RuntimeException e) {
            synchronized (this) {
                spillFailure = e;
            }
            throw e;
        } finally {
            synchronized (this) {
                spilling = false;
                notifyAll(); // close() may wait for it
            }
        }
    }

    /** Merges the given runs (all of them) into one: a miss then costs one Bloom probe instead of one per spill. */
    private void compact(List<TermRunFile> all) {
        Path file = owner.scratch().resolve("dict-" + number + "-" + (runFiles++) + ".run");
        TermRunFile merged = TermRunFile.merge(file, all);
        synchronized (this) {
            runs.clear(); // only a spill adds runs, and this is the only spill under way
            runs.add(merged);
        }
        all.forEach(TermRunFile::delete);
    }

    private static int[] newEntries(TermArena arena) {
        int n = 0;
        for (int e = arena.first(); e >= 0; e = arena.next(e)) {
            if (arena.state(e) == TermArena.NEW) {
                n++;
            }
        }
        int[] out = new int[n];
        n = 0;
        for (int e = arena.first(); e >= 0; e = arena.next(e)) {
            if (arena.state(e) == TermArena.NEW) {
                out[n++] = e;
            }
        }
        return out;
    }

    private void appendToIdLog(TermArena arena, int[] fresh) {
        try {
            if (idLogOut == null) {
                idLog = owner.scratch().resolve("dict-" + number + ".ids");
                idLogOut = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(idLog), 1 << 16));
            }
            for (int e : fresh) {
                idLogOut.writeLong(arena.id(e));
                idLogOut.writeInt(arena.length(e));
                idLogOut.write(arena.bytes(e), arena.start(e), arena.length(e));
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot spill dictionary ids to " + idLog + ": " + ex.getMessage(), ex);
        }
    }

    synchronized long newTerms() {
        return newTerms;
    }

    /** One cursor over this shard's new terms in id order: the spilled log, then the table. */
    synchronized TermCursor cursorById() {
        requireNoSpill();
        TermCursor tail = arenaCursor(newEntries(arena));
        if (idLogOut == null) {
            return tail;
        }
        try {
            idLogOut.close();
            DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(idLog), 1 << 16));
            long logged = spilledTerms;
            return new TermCursor() {
                long left = logged;
                byte[] term;
                long id;
                boolean inTail;

                @Override
                public boolean next() {
                    if (inTail) {
                        return tail.next();
                    }
                    if (left == 0) {
                        inTail = true;
                        return tail.next();
                    }
                    left--;
                    try {
                        id = in.readLong();
                        term = in.readNBytes(in.readInt());
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + idLog + ": " + e.getMessage(), e);
                    }
                    return true;
                }

                @Override
                public byte[] term() {
                    return inTail ? tail.term() : term;
                }

                @Override
                public long id() {
                    return inTail ? tail.id() : id;
                }

                @Override
                public void close() {
                    try {
                        in.close();
                    } catch (IOException ignored) {
                        // scratch file
                    }
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + idLog + ": " + e.getMessage(), e);
        }
    }

    /** The merge reads a shard once every lookup has returned, so no spill can be under way (or one failed). */
    private void requireNoSpill() {
        if (spillFailure != null) {
            throw spillFailure;
        }
        if (spilling) {
            throw new IllegalStateException("dictionary shard " + number + " is read while it spills");
        }
    }

    private TermCursor arenaCursor(int[] order) {
        return new TermCursor() {
            int i = -1;
            byte[] term;

            @Override
            public boolean next() {
                if (++i >= order.length) {
                    return false;
                }
                int e = order[i];
                term = java.util.Arrays.copyOfRange(arena.bytes(e), arena.start(e), arena.start(e) + arena.length(e));
                return true;
            }

            @Override
            public byte[] term() {
                return term;
            }

            @Override
            public long id() {
                return arena.id(order[i]);
            }

            @Override
            public void close() {}
        };
    }

    /** Closes the scratch files, once a spill under way (a failing load's) has stopped, or after 10 s. */
    synchronized void close() {
        long deadline = System.nanoTime() + 10_000_000_000L;
        try {
            while (spilling && System.nanoTime() < deadline) {
                wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (idLogOut != null) {
                idLogOut.close();
            }
            runs.forEach(TermRunFile::close);
        } catch (IOException ignored) {
            // scratch files are deleted with the session
        }
    }
}
