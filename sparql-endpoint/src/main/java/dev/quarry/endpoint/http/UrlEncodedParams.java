package dev.quarry.endpoint.http;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of a query string or an {@code application/x-www-form-urlencoded} body,
 * decoded as Netty's {@link QueryStringDecoder} decodes them with {@code ;} as an ordinary
 * character (SPARQL text is full of it): split at {@code &}, up to a {@code #}, at most
 * {@value #MAX_PARAMS} parameters, {@code +} a space, a name without {@code =} an empty value.
 *
 * <p>Hand-written for speed: a SPARQL query sent by a client is mostly percent-escapes
 * (every brace, angle bracket, colon and slash), and Netty's decoder turns each run of escapes
 * into text with a charset decoder of its own; decoding the official BSBM driver's query
 * strings took 4.1 % of the server's I/O thread CPU samples at 1 M (async-profiler,
 * bench/results/2026-11-29-writer-runs/). Here the escapes of a component go to one byte array
 * made into a String at once. Anything else (another charset than UTF-8, a raw non-ASCII
 * character) goes to Netty's decoder, the reference {@code UrlEncodedParamsTest} compares
 * with.
 */
final class UrlEncodedParams {
    /** Netty's default limit: parameters after this many are ignored. */
    static final int MAX_PARAMS = 1024;

    private UrlEncodedParams() {}

    /**
     * The parameters of {@code s} from {@code from} (a leading {@code ?} there is skipped), in
     * order of first appearance. Throws IllegalArgumentException for a malformed
     * percent-escape.
     */
    static Map<String, List<String>> decode(String s, int from, Charset charset) {
        int len = s.length();
        if (from >= len) {
            return Collections.emptyMap();
        }
        if (s.charAt(from) == '?') {
            from++;
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        int left = MAX_PARAMS;
        int nameStart = from;
        int valueStart = -1;
        int i = from;
        for (; i < len; i++) {
            char c = s.charAt(i);
            if (c == '=') {
                if (nameStart == i) {
                    nameStart = i + 1;
                } else if (valueStart < nameStart) {
                    valueStart = i + 1;
                }
            } else if (c == '&') {
                if (add(s, nameStart, valueStart, i, params, charset) && --left == 0) {
                    return params;
                }
                nameStart = i + 1;
            } else if (c == '#') {
                break;
            }
        }
        add(s, nameStart, valueStart, i, params, charset);
        return params;
    }

    private static boolean add(String s, int nameStart, int valueStart, int end, Map<String, List<String>> params,
                               Charset charset) {
        if (nameStart >= end) {
            return false;
        }
        if (valueStart <= nameStart) {
            valueStart = end + 1; // no '=': the name runs to the end, the value is empty
        }
        String name = component(s, nameStart, valueStart - 1, charset);
        String value = component(s, valueStart, end, charset);
        params.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
        return true;
    }

    /** The decoded text of {@code s[from, to)}. */
    private static String component(String s, int from, int to, Charset charset) {
        if (from >= to) {
            return "";
        }
        int first = from;
        while (first < to && s.charAt(first) != '%' && s.charAt(first) != '+') {
            first++;
        }
        if (first == to) {
            return s.substring(from, to);
        }
        if (!charset.equals(StandardCharsets.UTF_8)) {
            return QueryStringDecoder.decodeComponent(s.substring(from, to), charset);
        }
        byte[] bytes = new byte[to - from]; // never more bytes than chars: an escape is three chars
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 3 > to) {
                    throw new IllegalArgumentException("unterminated escape sequence at index " + (i - from)
                            + " of a parameter");
                }
                bytes[n++] = escapedByte(s, i);
                i += 2;
            } else if (c == '+') {
                bytes[n++] = ' ';
            } else if (c < 0x80) {
                bytes[n++] = (byte) c;
            } else {
                return QueryStringDecoder.decodeComponent(s.substring(from, to), charset);
            }
        }
        // Malformed UTF-8 becomes U+FFFD, as Netty's decoder (which replaces) gives it.
        return new String(bytes, 0, n, StandardCharsets.UTF_8);
    }

    /** The byte of the escape {@code %XY} at {@code i}, its digits ASCII hex as Netty reads them (no other script's). */
    private static byte escapedByte(String s, int i) {
        if (!HexFormat.isHexDigit(s.charAt(i + 1)) || !HexFormat.isHexDigit(s.charAt(i + 2))) {
            throw new IllegalArgumentException("invalid escape '" + s.substring(i, i + 3) + "' in a parameter");
        }
        return (byte) HexFormat.fromHexDigits(s, i + 1, i + 3);
    }
}
