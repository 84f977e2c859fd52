package dev.quarry.endpoint.http;

import io.netty.channel.Channel;
import io.netty.channel.socket.DuplexChannel;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose request was answered before its body had fully arrived (a 413
 * for a declared or counted size over the limit, a 400 for a malformed request). Closing at once
 * with the client's bytes still unread makes the kernel answer with a reset, which can
 * destroy the response in the client's receive buffer before it reads it (the client then
 * sees "no bytes" instead of the 413). So, as httpd and nginx do: half-close after the
 * response (the client reads it and an end of stream), keep reading and dropping what the
 * client still sends (see {@link ExchangeDispatcher}), and close when the client does, when
 * it sends nothing for the client timeout (the idle handler), or after {@link #LINGER_MS}.
 */
final class LingeringClose {
    /** Longest a connection stays open to drain an unwanted body. */
    static final long LINGER_MS = 10_000;

    private LingeringClose() {
    }

    /** Call on the event loop, after the response was flushed. */
    static void start(Channel channel) {
        if (!(channel instanceof DuplexChannel duplex) || !channel.isActive()) {
            channel.close();
            return;
        }
        channel.config().setAutoRead(true);
        duplex.shutdownOutput().addListener(f -> {
            if (!f.isSuccess()) {
                channel.close();
            }
        });
        channel.eventLoop().schedule(() -> channel.close(), LINGER_MS, TimeUnit.MILLISECONDS);
    }
}
