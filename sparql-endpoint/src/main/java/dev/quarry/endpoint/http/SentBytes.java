package dev.quarry.endpoint.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;

/**
 * Counts the body bytes a connection sends, as they go on the wire (after compression):
 * the access log's "bytes". Sits next to the HTTP codec; responses on a connection go out
 * one after the other, so what was counted since the last {@link #take} is one response's.
 * Runs on the connection's event loop only.
 */
final class SentBytes extends ChannelOutboundHandlerAdapter {
    private long bytes;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBufHolder h) {
            bytes += h.content().readableBytes();
        } else if (msg instanceof ByteBuf b) {
            bytes += b.readableBytes();
        }
        ctx.write(msg, promise);
    }

    /** The bytes counted on {@code channel} since the last call, and starts again from 0; -1 if not known. */
    static long take(Channel channel) {
        SentBytes counter = channel.pipeline().get(SentBytes.class);
        if (counter == null) {
            return -1; // the connection is closed and its pipeline taken down
        }
        long b = counter.bytes;
        counter.bytes = 0;
        return b;
    }
}
