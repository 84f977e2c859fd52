package dev.quarry.endpoint.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * The body of a chunked response, written by a worker thread as results are produced.
 * Bytes are sent in chunks of {@link #CHUNK_BYTES}; when the client reads slower than
 * the results come, the writer waits (the channel's high-water mark bounds what is
 * queued), so a huge result runs in bounded memory. A client that reads nothing for
 * the client timeout is dropped. {@link #flush()} does not send a short chunk: the
 * serialisers flush often, and chunk size is what matters here.
 */
final class ChunkedResponseStream extends OutputStream {
    static final int CHUNK_BYTES = 16 * 1024;

    private final Channel channel;
    private final long timeoutMillis;
    private final Runnable onLast;
    private ByteBuf buf;
    private boolean closed;

    ChunkedResponseStream(Channel channel, long timeoutMillis, Runnable onLast) {
        this.channel = channel;
        this.timeoutMillis = timeoutMillis;
        this.onLast = onLast;
        this.buf = channel.alloc().buffer(CHUNK_BYTES);
    }

    @Override
    public void write(int b) throws IOException {
        checkOpen();
        buf.writeByte(b);
        if (buf.readableBytes() >= CHUNK_BYTES) {
            sendChunk();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        checkOpen();
        while (len > 0) {
            int n = Math.min(len, CHUNK_BYTES - buf.readableBytes());
            buf.writeBytes(b, off, n);
            off += n;
            len -= n;
            if (buf.readableBytes() >= CHUNK_BYTES) {
                sendChunk();
            }
        }
    }

    private void sendChunk() throws IOException {
        if (!channel.isActive()) {
            throw new IOException("client closed the connection");
        }
        ChannelFuture f = channel.writeAndFlush(new DefaultHttpContent(buf));
        buf = channel.alloc().buffer(CHUNK_BYTES);
        if (!channel.isWritable()) {
            awaitWritten(f);
        }
    }

    private void awaitWritten(ChannelFuture f) throws IOException {
        try {
            if (!f.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
                channel.close();
                throw new IOException("client did not read the response for " + timeoutMillis + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending the response");
        }
        if (!f.isSuccess()) {
            throw new IOException("client closed the connection");
        }
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException("response already finished");
        }
    }

    /** Sends what is left and ends the response. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (!channel.isActive()) {
            buf.release();
            onLast.run();
            throw new IOException("client closed the connection");
        }
        channel.writeAndFlush(new DefaultLastHttpContent(buf)).addListener(f -> onLast.run());
    }

    /** Drops the unsent bytes without ending the response (the caller closes the connection). */
    void discard() {
        if (!closed) {
            closed = true;
            buf.release();
        }
    }
}
