package dev.quarry.endpoint.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The listening sockets: one per I/O loop on Linux, each connection served where it was accepted; a taken port fails. */
class ListenersTest {
    private final EventLoopGroup loops = new MultiThreadIoEventLoopGroup(3, NioIoHandler.newFactory());
    private final InetSocketAddress anyPort = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    @AfterEach
    void stopLoops() {
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Answers each connection with the serving thread's name and whether it accepted the connection itself. */
    private static ServerBootstrap tellingThread() {
        return new ServerBootstrap().childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                String answer = Thread.currentThread().getName() + " " + (ch.parent().eventLoop() == ch.eventLoop() ? "same" : "handed");
                ch.writeAndFlush(Unpooled.copiedBuffer(answer, StandardCharsets.UTF_8)).addListener(ChannelFutureListener.CLOSE);
            }
        });
    }

    private static void stop(Listeners l) {
        l.close();
        l.shutdownAcceptor();
    }

    private static String ask(int port) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void onLinuxEachLoopAcceptsTheConnectionsItServes() throws Exception {
        assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux"));
        Listeners l = Listeners.bind(tellingThread(), loops, anyPort, Thread::new);
        try {
            assertEquals(3, l.count());
            Set<String> threads = new HashSet<>();
            for (int i = 0; i < 60; i++) {
                String[] answer = ask(l.port()).split(" ");
                assertEquals("same", answer[1], "connection " + i + " was handed from the acceptor to another thread");
                threads.add(answer[0]);
            }
            // 60 connections over three sockets, spread by a hash of their addresses: all on one is ~1e-28
            assertTrue(threads.size() > 1, "every connection went to " + threads);
        } finally {
            stop(l);
        }
    }

    @Test
    void aPortTheServerHoldsCannotBeBoundAgain() throws Exception {
        Listeners first = Listeners.bind(tellingThread(), loops, anyPort, Thread::new);
        try {
            InetSocketAddress same = new InetSocketAddress(InetAddress.getLoopbackAddress(), first.port());
            assertThrows(Exception.class, () -> stop(Listeners.bind(tellingThread(), loops, same, Thread::new)));
            assertTrue(!ask(first.port()).isEmpty(), "the first server still answers");
        } finally {
            stop(first);
        }
    }

    @Test
    void aPortAnotherProgramListensOnFails() throws Exception {
        try (ServerSocket other = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            InetSocketAddress taken = new InetSocketAddress(InetAddress.getLoopbackAddress(), other.getLocalPort());
            assertThrows(Exception.class, () -> stop(Listeners.bind(tellingThread(), loops, taken, Thread::new)));
        }
    }

    /** As the server stops: the sockets closed, then their loops (NIO releases a closed socket on its loop's next select). */
    @Test
    void aStoppedServersPortCanBeBoundAgain() throws Exception {
        EventLoopGroup firstLoops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        Listeners first = Listeners.bind(tellingThread(), firstLoops, anyPort, Thread::new);
        int port = first.port();
        assertTrue(!ask(port).isEmpty());
        stop(first);
        firstLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        Listeners again = Listeners.bind(tellingThread(), loops, new InetSocketAddress(InetAddress.getLoopbackAddress(), port), Thread::new);
        try {
            assertEquals(port, again.port());
            assertTrue(!ask(port).isEmpty());
        } finally {
            stop(again);
        }
    }
}
