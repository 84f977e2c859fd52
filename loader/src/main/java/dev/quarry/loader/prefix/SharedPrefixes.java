package dev.quarry.loader.prefix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jena.riot.system.PrefixMap;

/**
 * The prefix dictionary of one load, shared by every Turtle/TriG parser: namespace IRIs
 * are stored once (whichever feed declares them), and each feed's labels map to them, so
 * a label never leaks from one document into another and a redefinition only changes
 * that feed's label. Both tables are memory-mapped scratch files, so the heap cost does
 * not grow with the number of declarations; each feed keeps a small cache in front.
 * The files are created on the first declaration and deleted by {@link #close}.
 */
public final class SharedPrefixes implements AutoCloseable {
    private static final long UNDEFINED = -1;

    private final Path scratch;
    private final AtomicInteger feeds = new AtomicInteger();
    private Path dir;
    private MappedHashTable namespaces;
    private MappedHashTable labels;
    private boolean closed;

    /** @param scratch the load's scratch directory (a subdirectory is created there when needed) */
    public SharedPrefixes(Path scratch) {
        this.scratch = scratch;
    }

    /** A prefix map for one new document (feed), backed by this dictionary; for its parser's thread only. */
    public PrefixMap newFeedMap() {
        return new FeedPrefixMap(this, feeds.incrementAndGet());
    }

    /** Sets {@code label} of {@code feed} to {@code iri}; returns true if the label was not defined before. */
    synchronized boolean define(int feed, String label, String iri) {
        open();
        byte[] ns = iri.getBytes(StandardCharsets.UTF_8);
        long nsEntry = namespaces.find(ns);
        if (nsEntry < 0) {
            nsEntry = namespaces.insert(ns, 0);
        }
        byte[] key = labelKey(feed, label);
        long entry = labels.find(key);
        if (entry < 0) {
            labels.insert(key, nsEntry);
            return true;
        }
        boolean wasUndefined = labels.value(entry) == UNDEFINED;
        labels.value(entry, nsEntry);
        return wasUndefined;
    }

    /** The namespace {@code label} of {@code feed} stands for, or null. */
    synchronized String namespace(int feed, String label) {
        long entry = definedEntry(feed, label);
        return entry < 0 ? null : new String(namespaces.key(labels.value(entry)), StandardCharsets.UTF_8);
    }

    /** Removes {@code label} from {@code feed}; returns true if it was defined. */
    synchronized boolean undefine(int feed, String label) {
        long entry = definedEntry(feed, label);
        if (entry < 0) {
            return false;
        }
        labels.value(entry, UNDEFINED); // a tombstone: entries are never moved, so none is removed
        return true;
    }

    /** The label's entry if the label is defined, else -1. */
    private long definedEntry(int feed, String label) {
        if (labels == null) {
            return -1;
        }
        long entry = labels.find(labelKey(feed, label));
        return entry < 0 || labels.value(entry) == UNDEFINED ? -1 : entry;
    }

    /** Distinct namespace IRIs declared in this load, over all feeds. */
    public synchronized long namespaceCount() {
        return namespaces == null ? 0 : namespaces.size();
    }

    /** (feed, label) pairs declared in this load. */
    public synchronized long labelCount() {
        return labels == null ? 0 : labels.size();
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException("the load's prefix dictionary is closed");
        }
        if (labels != null) {
            return;
        }
        try {
            dir = Files.createTempDirectory(scratch, "prefixes-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the prefix dictionary in " + scratch + ": " + e.getMessage(), e);
        }
        namespaces = new MappedHashTable(dir, "namespaces");
        labels = new MappedHashTable(dir, "labels");
    }

    private static byte[] labelKey(int feed, String label) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        byte[] key = new byte[4 + l.length];
        key[0] = (byte) (feed >>> 24);
        key[1] = (byte) (feed >>> 16);
        key[2] = (byte) (feed >>> 8);
        key[3] = (byte) feed;
        System.arraycopy(l, 0, key, 4, l.length);
        return key;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (labels != null) {
            labels.close();
            namespaces.close();
            try {
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // inside the load's scratch directory, which is removed with the session
            }
        }
    }
}
