package dev.quarry.endpoint.cli;

import java.util.Locale;

/** Sizes as users write them: {@code 512m}, {@code 2g}, {@code 64k}, {@code 1000000}. */
final class ByteSize {
    private ByteSize() {}

    /** Parses a size with an optional k/m/g/t suffix (powers of 1024; a trailing "b" or "ib" is allowed). */
    static long parse(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.endsWith("ib")) {
            s = s.substring(0, s.length() - 2);
        } else if (s.endsWith("b")) {
            s = s.substring(0, s.length() - 1);
        }
        int shift = 0;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'k' -> shift = 10;
                case 'm' -> shift = 20;
                case 'g' -> shift = 30;
                case 't' -> shift = 40;
                default -> { }
            }
        }
        String digits = shift == 0 ? s : s.substring(0, s.length() - 1);
        long n;
        try {
            n = Long.parseLong(digits.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a size: '" + text + "' (write e.g. 512m or 2g)");
        }
        if (n <= 0 || n > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException("size out of range: '" + text + "'");
        }
        return n << shift;
    }
}
