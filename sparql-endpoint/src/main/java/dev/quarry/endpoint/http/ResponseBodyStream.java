package dev.quarry.endpoint.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * The body of a streamed response, written by a worker thread as results are produced.
 * The status line and headers are held back with the first {@link #FIRST_BYTES}: a body
 * that ends within them goes out whole, with a Content-Length, in one write (every write
 * from a worker is a hand-off to the event loop and a wake-up of its selector, which is
 * most of the cost of a small response). A longer body goes out chunked: the headers
 * with the first {@link #FIRST_BYTES}, then chunks of {@link #CHUNK_BYTES}. When the
 * client reads slower than the results come, the writer waits (the channel's high-water
 * mark bounds what is queued), so a huge result runs in bounded memory. A client that
 * reads nothing for the client timeout is dropped. {@link #flush()} does not send a
 * short chunk: the serialisers flush often, and chunk size is what matters here.
 * Written on the event loop (an inline request, see {@link InlinePolicy}), the stream holds
 * everything up to {@link #INLINE_BYTES} (it cannot wait for a slow reader there); beyond,
 * it calls its overflow action, which moves the request to a worker, and sends nothing.
 */
final class ResponseBodyStream extends OutputStream {
    /** What is held before anything is sent: small enough that the first bytes go out early. */
    static final int FIRST_BYTES = 16 * 1024;
    /** The chunks after the first: larger, fewer hand-offs for a long result. */
    static final int CHUNK_BYTES = 64 * 1024;
    /** What an inline request's response may hold before the request moves to a worker. */
    static final int INLINE_BYTES = 64 * 1024;

    private final Channel channel;
    private final long timeoutMillis;
    private final Runnable onLast;
    private final Runnable overflow;
    private boolean moving; // overflowed while inline: nothing more is written or sent
    private HttpResponse head; // until sent
    private final boolean headOnly;
    private ByteBuf buf;
    private int limit;
    private boolean closed;

    /**
     * {@code head}: the status and headers, not yet sent; {@code headOnly}: a response to
     * HEAD, whose body (the caller discards it) is never sent; {@code overflow}: for a
     * request on the event loop, what to do (throw) when the body outgrows
     * {@link #INLINE_BYTES}, else null.
     */
    ResponseBodyStream(Channel channel, HttpResponse head, boolean headOnly, long timeoutMillis, Runnable overflow,
                       Runnable onLast) {
        this.channel = channel;
        this.head = head;
        this.headOnly = headOnly;
        this.timeoutMillis = timeoutMillis;
        this.overflow = overflow;
        this.onLast = onLast;
        this.limit = overflow != null ? INLINE_BYTES : FIRST_BYTES;
        this.buf = channel.alloc().buffer(FIRST_BYTES);
    }

    @Override
    public void write(int b) throws IOException {
        checkOpen();
        buf.writeByte(b);
        if (buf.readableBytes() >= limit) {
            sendChunk();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        checkOpen();
        while (len > 0) {
            int n = Math.min(len, limit - buf.readableBytes());
            buf.writeBytes(b, off, n);
            off += n;
            len -= n;
            if (buf.readableBytes() >= limit) {
                sendChunk();
            }
        }
    }

    private void sendChunk() throws IOException {
        if (overflow != null) {
            moving = true;
            overflow.run();
            throw new IOException("the response outgrew what an inline request may hold");
        }
        if (!channel.isActive()) {
            throw new IOException("client closed the connection");
        }
        sendHeadChunked();
        ChannelFuture f = channel.writeAndFlush(new DefaultHttpContent(buf));
        limit = CHUNK_BYTES;
        buf = channel.alloc().buffer(CHUNK_BYTES);
        if (!channel.isWritable()) {
            awaitWritten(f);
        }
    }

    /** Queues the headers (no flush: the chunk that follows flushes both). */
    private void sendHeadChunked() {
        if (head != null) {
            HttpUtil.setTransferEncodingChunked(head, true);
            channel.write(head);
            head = null;
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
        if (moving) {
            throw new IOException("the request moved to a worker");
        }
    }

    /** Sends what is left and ends the response: the whole response in one write if nothing went out yet. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        if (moving) {
            throw new IOException("the request moved to a worker"); // held back for retractIfUnsent
        }
        closed = true;
        if (!channel.isActive()) {
            buf.release();
            onLast.run();
            throw new IOException("client closed the connection");
        }
        Object last;
        if (head != null && !headOnly) {
            DefaultFullHttpResponse whole = new DefaultFullHttpResponse(head.protocolVersion(), head.status(), buf,
                    head.headers(), EmptyHttpHeaders.INSTANCE);
            HttpUtil.setContentLength(whole, buf.readableBytes());
            head = null;
            last = whole;
        } else {
            sendHeadChunked();
            last = new DefaultLastHttpContent(buf);
        }
        // The listener goes on the promise before the write: added after, to a write the event
        // loop already finished, it would be one more hand-off (and wake-up) to run it there.
        channel.writeAndFlush(last, channel.newPromise().addListener(f -> onLast.run()));
    }

    /**
     * Drops the response if nothing of it went out yet (the status line and headers are still
     * held back): the exchange can then answer with an error status instead of cutting the
     * connection. False once anything was sent or the response was finished.
     */
    boolean retractIfUnsent() {
        if (closed || head == null) {
            return false;
        }
        closed = true;
        head = null;
        buf.release();
        return true;
    }

    /** Drops the unsent bytes without ending the response (the caller closes the connection). */
    void discard() {
        if (!closed) {
            closed = true;
            buf.release();
        }
    }
}
