package dev.quarry.endpoint.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The server's listening sockets. On Linux, one per I/O event loop, all on one port with
 * {@code SO_REUSEPORT}: the kernel spreads new connections over them, and the loop that
 * accepts a connection serves it, so a new connection is not handed from thread to thread.
 * That hand-off (an acceptor thread registering the channel with an idle loop and waking it)
 * was about a sixth of a new connection's DESCRIBE (0.05 of 0.3 ms), measured with a client
 * that reconnects after each answer, as the BSBM driver does after every DESCRIBE and
 * CONSTRUCT ({@code bench/results/2026-11-28-reuseport/}). Elsewhere (where
 * {@code SO_REUSEPORT} does not spread connections) one socket on its own acceptor thread
 * hands them to the loops in turn.
 *
 * <p>Sockets with {@code SO_REUSEPORT} share a port with any other such socket of the same
 * user, so a taken port would not fail: before binding them, a plain socket is bound to the
 * port and closed, which fails if anything listens there.
 */
final class Listeners {
    private final List<Channel> channels;
    private final EventLoopGroup acceptor; // null when every I/O loop accepts its own connections

    private Listeners(List<Channel> channels, EventLoopGroup acceptor) {
        this.channels = channels;
        this.acceptor = acceptor;
    }

    /**
     * Binds {@code address}; {@code bootstrap} has the options and handlers but no group or
     * channel. Throws on failure, with whatever it bound closed.
     */
    static Listeners bind(ServerBootstrap bootstrap, EventLoopGroup ioLoops, InetSocketAddress address, ThreadFactory acceptorThreads)
            throws Exception {
        List<EventLoop> loops = new ArrayList<>();
        for (EventExecutor e : ioLoops) {
            loops.add((EventLoop) e);
        }
        if (loops.size() > 1 && spreadsConnections()) {
            return bindPerLoop(bootstrap, loops, address);
        }
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1, acceptorThreads, NioIoHandler.newFactory());
        try {
            Channel ch = bootstrap.clone().group(acceptor, ioLoops).channel(NioServerSocketChannel.class)
                    .bind(address).syncUninterruptibly().channel();
            return new Listeners(List.of(ch), acceptor);
        } catch (Exception e) {
            acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS);
            throw e;
        }
    }

    private static Listeners bindPerLoop(ServerBootstrap bootstrap, List<EventLoop> loops, InetSocketAddress address)
            throws IOException {
        if (address.getPort() != 0) {
            try (ServerSocketChannel probe = ServerSocketChannel.open()) {
                probe.bind(address); // fails if the port is taken, also by SO_REUSEPORT sockets
            }
        }
        List<Channel> bound = new ArrayList<>();
        InetSocketAddress at = address;
        try {
            for (EventLoop loop : loops) {
                // The loop is both parent and child group: what it accepts it registers with itself.
                Channel ch = bootstrap.clone().group(loop, loop).channel(NioServerSocketChannel.class)
                        .option(NioChannelOption.of(StandardSocketOptions.SO_REUSEPORT), true)
                        .bind(at).syncUninterruptibly().channel();
                bound.add(ch);
                at = new InetSocketAddress(address.getAddress(), ((InetSocketAddress) ch.localAddress()).getPort());
            }
        } catch (Exception e) { // also the BindException Netty rethrows unchecked
            bound.forEach(Channel::close);
            throw e;
        }
        return new Listeners(List.copyOf(bound), null);
    }

    /** Linux spreads connections over the sockets of one port; BSD and macOS give them to one. */
    private static boolean spreadsConnections() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return false;
        }
        try (ServerSocketChannel ch = ServerSocketChannel.open()) {
            return ch.supportedOptions().contains(StandardSocketOptions.SO_REUSEPORT);
        } catch (IOException e) {
            return false;
        }
    }

    int port() {
        return ((InetSocketAddress) channels.get(0).localAddress()).getPort();
    }

    /** How many sockets listen (one per I/O loop on Linux). */
    int count() {
        return channels.size();
    }

    /** Starts or stops taking connections from the listen backlog. */
    void autoRead(boolean read) {
        for (Channel ch : channels) {
            ch.config().setAutoRead(read);
        }
    }

    /** Closes the sockets: no new connections. */
    void close() {
        for (Channel ch : channels) {
            ch.close().syncUninterruptibly();
        }
    }

    /** Stops the acceptor thread, if there is one. */
    void shutdownAcceptor() {
        if (acceptor != null) {
            acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
