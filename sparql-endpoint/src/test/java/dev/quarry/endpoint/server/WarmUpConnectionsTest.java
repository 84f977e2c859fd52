package dev.quarry.endpoint.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The warm-up's requests over a connection of their own reach the server as the clients they
 * stand for do: a new connection each, closed by the client after the answer, or by the server
 * when the request asks it to. Checked against a bare socket server that sees each connection.
 */
class WarmUpConnectionsTest {
    /** What one connection carried: its request head and whether the client closed it after the answer. */
    private record Seen(String head, boolean clientClosed) {}

    private ServerSocket listener;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private Thread acceptor;

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::serve, "test-http");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void stop() throws Exception {
        listener.close();
        acceptor.join(5000);
    }

    /** Answers every request "200 ok" and keeps the connection open until the client closes it (or 5 s pass). */
    private void serve() {
        while (!listener.isClosed()) {
            try (Socket s = listener.accept()) {
                s.setSoTimeout(5000);
                InputStream in = s.getInputStream();
                String head = readHead(in);
                in.readNBytes(contentLength(head));
                s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok"
                        .getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                boolean closed;
                try {
                    closed = in.read() == -1;
                } catch (SocketTimeoutException e) {
                    closed = false;
                }
                seen.add(new Seen(head, closed));
            } catch (IOException e) {
                return; // the listener was closed
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                return Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return 0;
    }

    private String endpoint() {
        return "http://127.0.0.1:" + listener.getLocalPort() + "/sparql";
    }

    private void awaitSeen(int n) throws InterruptedException {
        for (int i = 0; i < 500 && seen.size() < n; i++) {
            Thread.sleep(10);
        }
    }

    @Test
    void eachRequestClosedByTheClientHasAConnectionOfItsOwn() throws Exception {
        WarmUp.Request r = new WarmUp.Request("ASK {}", "application/sparql-results+xml");
        for (int i = 0; i < 3; i++) {
            assertTrue(WarmUp.askOnce(endpoint(), r, false));
        }
        awaitSeen(3);
        assertEquals(3, seen.size(), "three connections: " + seen);
        for (Seen s : seen) {
            assertTrue(s.head.startsWith("POST /sparql "), s.head);
            assertTrue(s.head.contains("Accept: application/sparql-results+xml"), s.head);
            assertFalse(s.head.toLowerCase().contains("connection: close"), s.head);
            assertTrue(s.clientClosed, "the client closed the connection after the answer: " + s.head);
        }
    }

    @Test
    void aRequestForTheServerToCloseSaysSo() throws Exception {
        WarmUp.Request r = new WarmUp.Request("ASK {}", "text/csv");
        assertTrue(WarmUp.askOnce(endpoint(), r, true));
        assertTrue(WarmUp.askOnce(endpoint(), r, true));
        awaitSeen(2);
        assertEquals(2, seen.size(), "two connections: " + seen);
        for (Seen s : seen) {
            assertTrue(s.head.toLowerCase().contains("connection: close"), s.head);
        }
    }
}
