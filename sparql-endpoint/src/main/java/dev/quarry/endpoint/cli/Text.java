package dev.quarry.endpoint.cli;

import java.util.Locale;

/** Number and duration formats of the command output: the same everywhere, whatever the locale. */
final class Text {
    static final Locale LOCALE = Locale.ROOT;

    private Text() {}

    /** {@code 0.412 s}, or {@code 3.1 ms} below a second. */
    static String seconds(long nanos) {
        if (nanos < 1_000_000_000L) {
            return String.format(LOCALE, "%.1f ms", nanos / 1e6);
        }
        return String.format(LOCALE, "%.3f s", nanos / 1e9);
    }

    /** {@code 1.5 MiB}. */
    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(LOCALE, "%.1f %s", v, units[u]);
    }
}
