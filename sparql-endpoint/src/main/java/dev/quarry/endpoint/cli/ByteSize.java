package dev.quarry.endpoint.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Sizes as users write them: {@code 512m}, {@code 2g}, {@code 64k}, {@code 1000000}. Every
 * byte-size option converts through {@link Positive} or {@link ZeroAllowed}, so a bad value
 * fails while parsing, as "Invalid value for option '--memory': not a size: 'lots' ...".
 */
final class ByteSize {
    private ByteSize() {}

    /** A size of at least one byte. */
    static final class Positive implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return converted(value, false);
        }
    }

    /** A size, or 0 (which the option's description gives a meaning, such as "no limit"). */
    static final class ZeroAllowed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return converted(value, true);
        }
    }

    private static long converted(String value, boolean zeroAllowed) {
        try {
            return parse(value, zeroAllowed);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /** Parses a size of at least one byte (see {@link #parse(String, boolean)}). */
    static long parse(String text) {
        return parse(text, false);
    }

    /** Parses a size with an optional k/m/g/t suffix (powers of 1024; a trailing "b" or "ib" is allowed). */
    static long parse(String text, boolean zeroAllowed) {
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
        if (n < 0 || (n == 0 && !zeroAllowed) || n > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException("size out of range: '" + text + "'" + (zeroAllowed ? "" : " (at least 1 byte)"));
        }
        return n << shift;
    }
}
