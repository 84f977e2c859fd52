package dev.quarry.loader.input;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;

/**
 * The entries of a tar or zip archive, one feed each, named {@code archive!/entry}. Entries
 * may be compressed themselves (a tar of .nq.gz files); their format comes from the entry
 * name unless overridden, and is null when the name tells none (a README in a data tarball):
 * the loader skips such an entry with a warning instead of failing the whole archive.
 * Directories, links and macOS metadata entries are skipped silently.
 */
final class ArchiveFeedReader implements FeedReader {
    private final String archiveName;
    private final ArchiveInputStream<?> archive;
    private final RdfFormat formatOverride;
    private final ReadAhead readAhead;
    private InputStream current;

    ArchiveFeedReader(String archiveName, ArchiveInputStream<?> archive, RdfFormat formatOverride, ReadAhead readAhead) {
        this.archiveName = archiveName;
        this.archive = archive;
        this.formatOverride = formatOverride;
        this.readAhead = readAhead;
    }

    @Override
    public Feed next() throws IOException {
        closeCurrent();
        ArchiveEntry entry;
        while ((entry = nextEntry()) != null) {
            if (entry.isDirectory() || isLinkOrSpecial(entry) || isMetadata(entry.getName())) {
                continue;
            }
            String name = archiveName + "!/" + entry.getName();
            RdfFormat format = FeedOpener.formatOf(entry.getName(), formatOverride, null); // null: skipped
            // Closing an entry's stream must not close the archive: its next entries follow.
            InputStream shielded = new FilterInputStream(archive) {
                @Override
                public void close() {}
            };
            current = FeedOpener.decompress(shielded, name, entry.getSize(), readAhead);
            return new Feed(name, format, current);
        }
        return null;
    }

    private ArchiveEntry nextEntry() throws IOException {
        try {
            return archive.getNextEntry();
        } catch (IOException | RuntimeException e) {
            throw new IOException(archiveName + ": corrupt archive (" + e.getMessage() + ")", e);
        }
    }

    private static boolean isLinkOrSpecial(ArchiveEntry entry) {
        return entry instanceof TarArchiveEntry t && !t.isFile();
    }

    /** Entries that are never data: macOS resource forks written by Finder's zip. */
    private static boolean isMetadata(String entryName) {
        return entryName.startsWith("__MACOSX/") || entryName.contains("/._") || entryName.startsWith("._");
    }

    private void closeCurrent() throws IOException {
        if (current != null) {
            InputStream c = current;
            current = null;
            c.close();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            closeCurrent();
        } finally {
            archive.close();
        }
    }
}
