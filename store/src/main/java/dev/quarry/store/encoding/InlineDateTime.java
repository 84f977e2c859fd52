package dev.quarry.store.encoding;

/**
 * Inline xsd:dateTime and xsd:date ids ({@link TermId#KIND_DATETIME}, {@link TermId#KIND_DATE}):
 * the lexical rule, the payload layout and the printer, in one place so that the store's
 * Node path and the loader's byte path cannot disagree.
 *
 * <pre>
 *   bits 55..43  year, 0..8191 (printed as 4 digits)
 *   bits 42..39  month 1..12
 *   bits 38..34  day 1..31 (valid for the month, leap years proleptic Gregorian)
 *   bits 33..29  hour 0..23          (0 for xsd:date)
 *   bits 28..23  minute 0..59        (0 for xsd:date)
 *   bits 22..7   millisecond of the minute, 0..59999 (0 for xsd:date)
 *   bits  6..0   time zone: 0 = none, else 64 + offset in quarter hours (-56..56 = -14:00..+14:00)
 * </pre>
 *
 * A lexical form is inlined only when it is exactly what {@link #print} writes back:
 * {@code YYYY-MM-DDThh:mm:ss}, a fraction of 1 to 3 digits without trailing zeros (none
 * when it is zero), then nothing, {@code Z}, or {@code ±hh:mm}. So {@code ".500"},
 * {@code ".000"}, {@code "+00:00"}, {@code "24:00:00"}, leap seconds, years with a sign or
 * more than 4 digits, and impossible days ({@code "2023-02-29"}) all go to the dictionary:
 * two different lexical forms never share an id.
 */
public final class InlineDateTime {
    private InlineDateTime() {}

    static final int MAX_YEAR = 8191;
    private static final int TZ_NONE = 0;
    private static final int TZ_ZERO = 64;

    /** The inline id of an xsd:dateTime lexical form given as bytes, or {@link TermId#NONE}. */
    public static long dateTime(byte[] b, int off, int n) {
        if (n < 19 || n > 29 || b[off + 10] != 'T' || b[off + 13] != ':' || b[off + 16] != ':') {
            return TermId.NONE;
        }
        long date = datePart(b, off);
        int hour = twoDigits(b, off + 11);
        int minute = twoDigits(b, off + 14);
        int second = twoDigits(b, off + 17);
        if (date < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return TermId.NONE;
        }
        int i = off + 19, end = off + n;
        int millis = 0;
        if (i < end && b[i] == '.') {
            int digits = 0;
            for (i++; i < end && b[i] >= '0' && b[i] <= '9'; i++, digits++) {
                if (digits == 3) {
                    return TermId.NONE;
                }
                millis = millis * 10 + (b[i] - '0');
            }
            if (digits == 0 || b[i - 1] == '0') {
                return TermId.NONE; // no digits, or a trailing zero the printer would drop
            }
            for (int d = digits; d < 3; d++) {
                millis *= 10;
            }
        }
        int tz = zone(b, i, end);
        if (tz < 0) {
            return TermId.NONE;
        }
        long payload = date | ((long) hour << 29) | ((long) minute << 23) | ((long) (second * 1000 + millis) << 7) | tz;
        return ((long) TermId.KIND_DATETIME << 56) | payload;
    }

    /** The inline id of an xsd:date lexical form given as bytes, or {@link TermId#NONE}. */
    public static long date(byte[] b, int off, int n) {
        if (n < 10 || n > 16) {
            return TermId.NONE;
        }
        long date = datePart(b, off);
        int tz = zone(b, off + 10, off + n);
        if (date < 0 || tz < 0) {
            return TermId.NONE;
        }
        return ((long) TermId.KIND_DATE << 56) | date | tz;
    }

    /** The year, month and day of {@code YYYY-MM-DD} at {@code off}, in payload position, or -1. */
    private static long datePart(byte[] b, int off) {
        if (b[off + 4] != '-' || b[off + 7] != '-') {
            return -1;
        }
        int hi = twoDigits(b, off), lo = twoDigits(b, off + 2);
        int month = twoDigits(b, off + 5), day = twoDigits(b, off + 8);
        if (hi < 0 || lo < 0 || month < 1 || month > 12 || day < 1) {
            return -1;
        }
        int year = hi * 100 + lo;
        if (year > MAX_YEAR || day > daysInMonth(year, month)) {
            return -1;
        }
        return ((long) year << 43) | ((long) month << 39) | ((long) day << 34);
    }

    /** The zone code of what is left at {@code [i, end)}: nothing, "Z" or "±hh:mm"; -1 if not inline-able. */
    private static int zone(byte[] b, int i, int end) {
        if (i == end) {
            return TZ_NONE;
        }
        if (end - i == 1) {
            return b[i] == 'Z' ? TZ_ZERO : -1;
        }
        if (end - i != 6 || (b[i] != '+' && b[i] != '-') || b[i + 3] != ':') {
            return -1;
        }
        int hh = twoDigits(b, i + 1), mm = twoDigits(b, i + 4);
        if (hh < 0 || mm < 0 || mm % 15 != 0 || hh > 14 || (hh == 14 && mm != 0) || (hh == 0 && mm == 0)) {
            return -1; // "±00:00" is a different lexical form from "Z": dictionary
        }
        int quarters = hh * 4 + mm / 15;
        return TZ_ZERO + (b[i] == '-' ? -quarters : quarters);
    }

    private static int twoDigits(byte[] b, int i) {
        int a = b[i] - '0', c = b[i + 1] - '0';
        return a < 0 || a > 9 || c < 0 || c > 9 ? -1 : a * 10 + c;
    }

    private static int daysInMonth(int year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Whether an inline dateTime or date id has a time zone. */
    public static boolean hasZone(long id) {
        return ((int) id & 0x7F) != TZ_NONE;
    }

    /**
     * A key that orders inline ids of one kind without time zone by their value (the
     * fields from year down to milliseconds, most significant first).
     */
    public static long localOrderKey(long id) {
        return (id & 0x00FF_FFFF_FFFF_FFFFL) >>> 7;
    }

    /**
     * The instant of an inline dateTime or date id with a time zone, in milliseconds since
     * 1970-01-01T00:00:00Z (a date is the start of its day in its zone).
     */
    public static long epochMillis(long id) {
        int year = (int) (id >>> 43) & 0x1FFF;
        int month = (int) (id >>> 39) & 0xF;
        int day = (int) (id >>> 34) & 0x1F;
        long millis = daysFromCivil(year, month, day) * 86_400_000L
                + ((id >>> 29) & 0x1F) * 3_600_000L
                + ((id >>> 23) & 0x3F) * 60_000L
                + ((id >>> 7) & 0xFFFF);
        int quarters = ((int) id & 0x7F) - TZ_ZERO;
        return millis - quarters * 15L * 60_000L;
    }

    /** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
    private static long daysFromCivil(int y, int m, int d) {
        y -= m <= 2 ? 1 : 0;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146_097 + doe - 719_468;
    }

    /** The lexical form of an inline dateTime or date id, exactly as it was written. */
    public static String print(long id) {
        boolean withTime = TermId.kind(id) == TermId.KIND_DATETIME;
        StringBuilder sb = new StringBuilder(29);
        int year = (int) (id >>> 43) & 0x1FFF;
        pad2(sb, year / 100);
        pad2(sb, year % 100);
        sb.append('-');
        pad2(sb, (int) (id >>> 39) & 0xF);
        sb.append('-');
        pad2(sb, (int) (id >>> 34) & 0x1F);
        if (withTime) {
            sb.append('T');
            pad2(sb, (int) (id >>> 29) & 0x1F);
            sb.append(':');
            pad2(sb, (int) (id >>> 23) & 0x3F);
            sb.append(':');
            int msOfMinute = (int) (id >>> 7) & 0xFFFF;
            pad2(sb, msOfMinute / 1000);
            int millis = msOfMinute % 1000;
            if (millis != 0) {
                sb.append('.').append((char) ('0' + millis / 100));
                if (millis % 100 != 0) {
                    sb.append((char) ('0' + millis / 10 % 10));
                    if (millis % 10 != 0) {
                        sb.append((char) ('0' + millis % 10));
                    }
                }
            }
        }
        int tz = (int) id & 0x7F;
        if (tz == TZ_ZERO) {
            sb.append('Z');
        } else if (tz != TZ_NONE) {
            int quarters = tz - TZ_ZERO;
            sb.append(quarters < 0 ? '-' : '+');
            quarters = Math.abs(quarters);
            pad2(sb, quarters / 4);
            sb.append(':');
            pad2(sb, quarters % 4 * 15);
        }
        return sb.toString();
    }

    private static void pad2(StringBuilder sb, int v) {
        sb.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }
}
