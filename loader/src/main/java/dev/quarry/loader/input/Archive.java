package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;

/** The archive formats whose entries are loaded as separate feeds, recognised by magic bytes. */
enum Archive {
    TAR,
    ZIP;

    /** Leading bytes needed to recognise a tar header ("ustar" sits at offset 257). */
    static final int MAGIC_LENGTH = 512;

    private static final int USTAR_OFFSET = 257;

    /** The archive format of a stream starting with {@code head}, or null if it is not one. */
    static Archive detect(byte[] head, int len, String name) {
        if (len >= 4 && head[0] == 'P' && head[1] == 'K'
                && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))) {
            return ZIP;
        }
        if (len >= USTAR_OFFSET + 5 && head[USTAR_OFFSET] == 'u' && head[USTAR_OFFSET + 1] == 's'
                && head[USTAR_OFFSET + 2] == 't' && head[USTAR_OFFSET + 3] == 'a' && head[USTAR_OFFSET + 4] == 'r') {
            return TAR;
        }
        // Pre-POSIX (v7) tar has no magic; trust the name for those.
        String n = name.toLowerCase(Locale.ROOT);
        if (len >= MAGIC_LENGTH && (n.endsWith(".tar") || n.contains(".tar.") || n.endsWith(".tgz"))) {
            return TAR;
        }
        return null;
    }

    ArchiveInputStream<?> open(InputStream in) throws IOException {
        return switch (this) {
            case TAR -> new TarArchiveInputStream(in);
            // Streaming read (works for stdin and URLs); stored entries with a data descriptor allowed.
            case ZIP -> new ZipArchiveInputStream(in, "UTF-8", true, true);
        };
    }
}
