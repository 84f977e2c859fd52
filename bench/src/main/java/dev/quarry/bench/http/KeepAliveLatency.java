package dev.quarry.bench.http;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The per-request floor of a SPARQL endpoint: one query (default {@code ASK {}}) sent N times
 * as a GET over one keep-alive connection, from a raw socket so that no HTTP client library's
 * own cost is measured. Prints the median, p90 and p99 latency after a warm-up of 500 requests.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.quarry.bench.http.KeepAliveLatency http://127.0.0.1:7878/sparql [N] [QUERY]
 * </pre>
 */
public final class KeepAliveLatency {
    private static final int WARMUP = 500;

    private KeepAliveLatency() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: KeepAliveLatency ENDPOINT [N] [QUERY]");
            System.exit(2);
        }
        URI endpoint = URI.create(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        String query = args.length > 2 ? args[2] : "ASK {}";
        int port = endpoint.getPort() < 0 ? 80 : endpoint.getPort();
        byte[] request = ("GET " + endpoint.getRawPath() + "?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)
                + " HTTP/1.1\r\nHost: " + endpoint.getHost() + ":" + port
                + "\r\nAccept: application/sparql-results+json\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        long[] nanos = new long[n];
        try (Socket socket = new Socket(endpoint.getHost(), port)) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (int i = -WARMUP; i < n; i++) {
                long start = System.nanoTime();
                out.write(request);
                out.flush();
                readResponse(in);
                if (i >= 0) {
                    nanos[i] = System.nanoTime() - start;
                }
            }
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "%d requests: median %d us, p90 %d us, p99 %d us%n", n,
                nanos[n / 2] / 1000, nanos[n * 9 / 10] / 1000, nanos[n * 99 / 100] / 1000);
    }

    /** Reads one response: status 200 required; body by Content-Length or chunked. */
    private static void readResponse(InputStream in) throws IOException {
        String status = line(in);
        if (!status.contains(" 200 ")) {
            throw new IOException("endpoint answered: " + status);
        }
        long length = -1;
        boolean chunked = false;
        for (String h = line(in); !h.isEmpty(); h = line(in)) {
            String lower = h.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(lower.substring("content-length:".length()).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        if (chunked) {
            for (int size = Integer.parseInt(line(in).trim(), 16); size > 0; size = Integer.parseInt(line(in).trim(), 16)) {
                in.readNBytes(size);
                line(in);
            }
            line(in);
        } else if (length >= 0) {
            in.readNBytes((int) length);
        } else {
            throw new IOException("response without Content-Length or chunking");
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("connection closed mid-response");
            }
            if (c != '\r') {
                b.append((char) c);
            }
        }
        return b.toString();
    }
}
