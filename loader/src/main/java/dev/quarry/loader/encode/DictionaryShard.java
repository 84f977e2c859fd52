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
 */
final class DictionaryShard {
    private static final int ID_BLOCK = 4096;
    private static final int MAX_RUNS = 8;

    private final LoadDictionary owner;
    private final int number;
    private final long budget;
    private final TermArena arena = new TermArena();
    /** Per slot: the term's hash (high 32 bits) and its arena offset + 1 (low 32; 0 = empty): one read a probe. */
    private long[] slots = new long[1 << 10];
    private int entries;
    private long nextId;
    private long idsLeft;
    private final List<TermRunFile> runs = new ArrayList<>();
    private Path idLog;
    private DataOutputStream idLogOut;
    private long newTerms;
    private long spilledTerms;
    private boolean spilledAny;
    private int compactions;

    DictionaryShard(LoadDictionary owner, int number, long budget) {
        this.owner = owner;
        this.number = number;
        this.budget = budget;
    }

    synchronized long idOf(byte[] t, int off, int len, long hash) {
        int mask = slots.length - 1;
        long h = hash & 0xFFFF_FFFF_0000_0000L;
        int i = (int) hash & mask;
        for (long s; (s = slots[i]) != 0; i = (i + 1) & mask) {
            if ((s & 0xFFFF_FFFF_0000_0000L) == h && arena.equalsTerm((int) s - 1, t, off, len)) {
                return arena.id((int) s - 1);
            }
        }
        long id = TermId.NONE;
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
        slots[i] = h | (arena.append(t, off, len, id, state) + 1L);
        if (++entries * 2 > slots.length) {
            grow();
        }
        if (arena.used() + slots.length * 8L > budget) {
            spill();
        }
        return id;
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

    /** Writes the new terms out (by bytes for lookups, by id for ID2TERM) and empties the table. */
    private void spill() {
        int[] fresh = newEntries();
        if (fresh.length > 0) {
            appendToIdLog(fresh);
            ArenaSort.sortByBytes(arena, fresh);
            Path file = owner.scratch().resolve("dict-" + number + "-" + runs.size() + ".run");
            runs.add(TermRunFile.write(file, arena, fresh, fresh.length));
            spilledTerms += fresh.length;
            if (runs.size() > MAX_RUNS) {
                compactRuns();
            }
        }
        spilledAny = true;
        arena.clear(false);
        slots = new long[1 << 10];
        entries = 0;
        owner.spilled();
    }

    /** Merges all runs into one: a miss then costs one Bloom probe instead of one per spill. */
    private void compactRuns() {
        Path file = owner.scratch().resolve("dict-" + number + "-c" + (++compactions) + ".run");
        TermRunFile merged = TermRunFile.merge(file, runs);
        runs.forEach(TermRunFile::delete);
        runs.clear();
        runs.add(merged);
    }

    private int[] newEntries() {
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

    private void appendToIdLog(int[] fresh) {
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

    synchronized boolean spilledAny() {
        return spilledAny;
    }

    /** Cursors over this shard's new terms by bytes: one per spilled run plus the table's. */
    synchronized List<TermCursor> cursorsByTerm() {
        List<TermCursor> out = new ArrayList<>();
        for (TermRunFile r : runs) {
            out.add(r.cursor());
        }
        int[] fresh = newEntries();
        ArenaSort.sortByBytes(arena, fresh);
        out.add(arenaCursor(fresh));
        return out;
    }

    /** One cursor over this shard's new terms in id order: the spilled log, then the table. */
    synchronized TermCursor cursorById() {
        TermCursor tail = arenaCursor(newEntries());
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

    synchronized void close() {
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
