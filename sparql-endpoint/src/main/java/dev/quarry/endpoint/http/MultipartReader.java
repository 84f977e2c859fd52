package dev.quarry.endpoint.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code multipart/form-data} body (RFC 7578, framing of RFC 2046) part by part as
 * it arrives: each part's headers, then its content as a stream that ends at the next
 * boundary, so a large part is never held in memory. Malformed framing (no boundary, a
 * header line too long, the body ending before the closing boundary) is an IOException.
 */
public final class MultipartReader {
    private static final int MAX_HEADER_LINE = 8192;
    private static final int MAX_HEADERS = 64;
    private static final Pattern BOUNDARY = Pattern.compile("(?i)boundary=(\"([^\"]+)\"|[^;\\s]+)");
    private static final Pattern FILENAME = Pattern.compile("(?i)filename=(\"([^\"]*)\"|[^;\\s]+)");

    /** One part: its headers (names in lower case) and its content. */
    public record Part(Map<String, String> headers, InputStream content) {
        /** The part's media type, lower case, without parameters; null if it has none. */
        public String contentType() {
            String ct = headers.get("content-type");
            if (ct == null || ct.isBlank()) {
                return null;
            }
            int semi = ct.indexOf(';');
            return (semi < 0 ? ct : ct.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
        }

        /** The file name from Content-Disposition, or null. */
        public String filename() {
            String cd = headers.get("content-disposition");
            Matcher m = cd == null ? null : FILENAME.matcher(cd);
            return m != null && m.find() ? (m.group(2) != null ? m.group(2) : m.group(1)) : null;
        }
    }

    private final InputStream in;
    /** CRLF "--" boundary: what ends a part's content. */
    private final byte[] delimiter;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int lim;
    private boolean eof;
    private PartContent current;
    private boolean done;

    public MultipartReader(InputStream in, String boundary) {
        this.in = in;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        // The first boundary has no CRLF before it: pretend it had, so every boundary is the delimiter.
        buf[0] = '\r';
        buf[1] = '\n';
        lim = 2;
    }

    /** The boundary parameter of a multipart Content-Type header, or null. */
    public static String boundary(String contentTypeHeader) {
        Matcher m = contentTypeHeader == null ? null : BOUNDARY.matcher(contentTypeHeader);
        if (m == null || !m.find()) {
            return null;
        }
        return m.group(2) != null ? m.group(2) : m.group(1);
    }

    /** The next part, or null after the closing boundary. The previous part's rest is skipped. */
    public Part next() throws IOException {
        if (done) {
            return null;
        }
        if (current == null) {
            skipPreamble();
        } else {
            byte[] scratch = new byte[8192];
            while (current.read(scratch, 0, scratch.length) >= 0) {
                // skip what the caller did not read of the previous part
            }
        }
        pos += delimiter.length; // at the delimiter: consume it
        if (fill(2) >= 2 && buf[pos] == '-' && buf[pos + 1] == '-') {
            done = true;
            return null;
        }
        readLine(); // the rest of the boundary line (transport padding), then CRLF
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = readLine(); !line.isEmpty(); line = readLine()) {
            int colon = line.indexOf(':');
            if (colon <= 0 || headers.size() >= MAX_HEADERS) {
                throw new IOException("malformed multipart part header: " + line);
            }
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        current = new PartContent();
        return new Part(headers, current);
    }

    private void skipPreamble() throws IOException {
        while (true) {
            fill(delimiter.length);
            int at = indexOfDelimiter();
            if (at >= 0) {
                pos = at;
                return;
            }
            if (eof) {
                throw new IOException("multipart body has no boundary");
            }
            pos = Math.max(pos, lim - delimiter.length + 1);
        }
    }

    /** A header line without its CRLF (ISO-8859-1, as HTTP headers). */
    private String readLine() throws IOException {
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (fill(1) < 1) {
                throw new IOException("multipart body ended inside a part header");
            }
            byte b = buf[pos++];
            if (b == '\n') {
                int n = sb.length();
                return n > 0 && sb.charAt(n - 1) == '\r' ? sb.substring(0, n - 1) : sb.toString();
            }
            if (sb.length() >= MAX_HEADER_LINE) {
                throw new IOException("multipart part header line longer than " + MAX_HEADER_LINE + " bytes");
            }
            sb.append((char) (b & 0xff));
        }
    }

    /** Tries to have {@code n} bytes buffered; returns how many are. */
    private int fill(int n) throws IOException {
        if (lim - pos >= n || eof) {
            return lim - pos;
        }
        System.arraycopy(buf, pos, buf, 0, lim - pos);
        lim -= pos;
        pos = 0;
        while (lim < n && !eof) {
            int r = in.read(buf, lim, buf.length - lim);
            if (r < 0) {
                eof = true;
            } else {
                lim += r;
            }
        }
        return lim;
    }

    private int indexOfDelimiter() {
        outer:
        for (int i = pos; i <= lim - delimiter.length; i++) {
            for (int j = 0; j < delimiter.length; j++) {
                if (buf[i + j] != delimiter[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** A part's content: the bytes up to the next delimiter, which it leaves in the buffer. */
    private final class PartContent extends InputStream {
        private boolean ended;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (ended || current != this) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            fill(delimiter.length);
            int at = indexOfDelimiter();
            int available;
            if (at >= 0) {
                available = at - pos;
                if (available == 0) {
                    ended = true;
                    return -1;
                }
            } else if (eof) {
                throw new IOException("multipart body ended before its closing boundary");
            } else {
                available = lim - pos - delimiter.length + 1; // what cannot be the start of a delimiter
            }
            int n = Math.min(len, available);
            System.arraycopy(buf, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
