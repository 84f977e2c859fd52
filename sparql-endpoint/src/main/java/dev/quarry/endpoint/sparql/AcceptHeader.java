package dev.quarry.endpoint.sparql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Content negotiation on an Accept header (RFC 9110 §12.5.1): for each offered media
 * type, the most specific matching range gives its quality; the best quality wins, and
 * among equals the server's order of preference.
 */
final class AcceptHeader {
    private record Range(String type, String subtype, double q) {
        /** 0 = no match, else 1 for * / *, 2 for type/*, 3 for exact. */
        int match(String t, String s) {
            if (type.equals("*")) {
                return 1;
            }
            if (!type.equals(t)) {
                return 0;
            }
            if (subtype.equals("*")) {
                return 2;
            }
            return subtype.equals(s) ? 3 : 0;
        }
    }

    private final List<Range> ranges = new ArrayList<>();

    AcceptHeader(String header) {
        if (header == null || header.isBlank()) {
            ranges.add(new Range("*", "*", 1.0));
            return;
        }
        for (String part : header.split(",")) {
            String[] pieces = part.split(";");
            String mt = pieces[0].trim().toLowerCase(Locale.ROOT);
            int slash = mt.indexOf('/');
            if (mt.isEmpty()) {
                continue;
            }
            String type = slash < 0 ? mt : mt.substring(0, slash);
            String sub = slash < 0 ? "*" : mt.substring(slash + 1);
            double q = 1.0;
            for (int i = 1; i < pieces.length; i++) {
                String p = pieces[i].trim();
                if (p.startsWith("q=") || p.startsWith("Q=")) {
                    try {
                        q = Double.parseDouble(p.substring(2).trim());
                    } catch (NumberFormatException e) {
                        q = 0;
                    }
                }
            }
            ranges.add(new Range(type, sub, q));
        }
    }

    /** The quality the client gives {@code mediaType} (0 = not acceptable). */
    double quality(String mediaType) {
        int slash = mediaType.indexOf('/');
        String t = mediaType.substring(0, slash), s = mediaType.substring(slash + 1);
        int best = 0;
        double q = 0;
        for (Range r : ranges) {
            int m = r.match(t, s);
            if (m > best) {
                best = m;
                q = r.q();
            }
        }
        return q;
    }

    /** Whether the client names {@code mediaType} itself (not through a wildcard) with q > 0. */
    boolean explicitly(String mediaType) {
        for (Range r : ranges) {
            if ((r.type() + "/" + r.subtype()).equals(mediaType) && r.q() > 0) {
                return true;
            }
        }
        return false;
    }

    /** The offered type the client prefers, or null if it accepts none of them. */
    String choose(List<String> offered) {
        String best = null;
        double bestQ = 0;
        for (String o : offered) {
            double q = quality(o);
            if (q > bestQ) {
                best = o;
                bestQ = q;
            }
        }
        return best;
    }
}
