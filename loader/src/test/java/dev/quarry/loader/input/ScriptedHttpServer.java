package dev.quarry.loader.input;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * A raw-socket HTTP/1.1 server on loopback whose answers a test scripts: it can do what
 * {@code com.sun.net.httpserver} cannot, stall or drop a connection in the middle of a body.
 * One request per connection; the socket closes when the script returns.
 */
final class ScriptedHttpServer implements AutoCloseable {
    /** A request as received; header names lower case. */
    record Request(String method, String path, Map<String, String> headers) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    @FunctionalInterface
    interface Script {
        /** Writes the answer to {@code req}, the {@code n}th request (0-based). */
        void answer(Request req, int n, OutputStream out) throws IOException;
    }

    private final ServerSocket socket;
    private final Script script;
    private final List<Request> requests = new ArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final Thread acceptor;

    ScriptedHttpServer(Script script) throws IOException {
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.script = script;
        this.acceptor = Thread.ofVirtual().start(this::acceptAll);
    }

    String url(String path) {
        return "http://127.0.0.1:" + socket.getLocalPort() + path;
    }

    synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    /** Blocks until the server closes: what a stalled peer does. */
    void stall() {
        try {
            closing.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes a status line and headers (Connection: close added). */
    static void head(OutputStream out, int status, String... headerPairs) throws IOException {
        StringBuilder sb = new StringBuilder("HTTP/1.1 ").append(status).append(" X\r\n");
        for (int i = 0; i < headerPairs.length; i += 2) {
            sb.append(headerPairs[i]).append(": ").append(headerPairs[i + 1]).append("\r\n");
        }
        sb.append("Connection: close\r\n\r\n");
        out.write(sb.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private void acceptAll() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                Thread.ofVirtual().start(() -> serve(s));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            Request req = readRequest(s.getInputStream());
            int n;
            synchronized (this) {
                n = requests.size();
                requests.add(req);
            }
            OutputStream out = s.getOutputStream();
            script.answer(req, n, out);
            out.flush();
        } catch (IOException e) {
            // the client went away
        }
    }

    private static Request readRequest(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0; b = in.read()) {
            if (b == '\n') {
                String l = line.toString(StandardCharsets.US_ASCII).stripTrailing();
                if (l.isEmpty()) {
                    break;
                }
                lines.add(l);
                line.reset();
            } else {
                line.write(b);
            }
        }
        String[] first = lines.getFirst().split(" ");
        Map<String, String> headers = new TreeMap<>();
        for (String h : lines.subList(1, lines.size())) {
            int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        return new Request(first[0], first[1], headers);
    }

    @Override
    public void close() throws IOException {
        closing.countDown();
        socket.close();
    }
}
