package dev.quarry.endpoint.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether stderr is a terminal, and how wide it is. Hand-written: at release 21 the JDK
 * tells only whether stdin and stdout are ({@code System.console()}); {@code isatty} through
 * the foreign-function API is final only from Java 22.
 */
final class Terminal {
    /** When COLUMNS is not set (shells do not export it by default). */
    static final int DEFAULT_WIDTH = 80;

    private Terminal() {}

    /**
     * On Linux, fd 2 is a terminal when it links to a tty device; elsewhere, as the JDK tells
     * for stdout (a console is attached).
     */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    /** COLUMNS if it is a positive number, else {@value #DEFAULT_WIDTH}. */
    static int width(Map<String, String> env) {
        String columns = env.get("COLUMNS");
        if (columns != null) {
            try {
                int n = Integer.parseInt(columns.strip());
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // not a width: use the default
            }
        }
        return DEFAULT_WIDTH;
    }
}
