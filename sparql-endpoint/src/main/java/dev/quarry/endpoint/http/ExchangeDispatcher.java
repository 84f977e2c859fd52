package dev.quarry.endpoint.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.util.ArrayDeque;

/**
 * Per connection: receives requests, reads or streams their bodies, hands them to a
 * worker, and keeps pipelined requests in order. While a response is being produced,
 * the next request waits in {@link #pending} and the socket is not read after it (so a
 * client pipelining without end costs no memory); it is taken up when the response ends.
 * A client that only closes its sending side (half-close, {@code shutdownOutput}) after
 * its requests gets their answers, then the connection closes; one that does so in the
 * middle of a request body is taken as gone. A connection that fails (a reset, a failed
 * write) cancels the request being served. The channel allows half-closure
 * ({@code ALLOW_HALF_CLOSURE}), so an end of the client's stream arrives here as a
 * {@link ChannelInputShutdownEvent}, not as the channel's close.
 * All methods run on the connection's event loop.
 */
final class ExchangeDispatcher extends ChannelInboundHandlerAdapter {
    private final ServerContext server;
    private final ArrayDeque<Object> pending = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private Exchange current;
    private Router.Route route;
    private boolean receiving;      // current's body is still arriving
    private HttpError rejection;    // answer once current's body has arrived (and was dropped)
    private CompositeByteBuf buffered;
    private long bodyBytes;
    private boolean bodyPaused;
    private boolean closing;        // answered before its body arrived: drop all input until the close
    private boolean inputEnded;     // the client half-closed: answer what arrived, then close

    ExchangeDispatcher(ServerContext server) {
        this.server = server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closing) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (serving() || !pending.isEmpty()) {
            pending.add(msg);
            updateAutoRead();
            return;
        }
        handle(msg);
    }

    /** A response is being produced for a request whose body has fully arrived. */
    private boolean serving() {
        return current != null && !receiving;
    }

    private void handle(Object msg) {
        if (msg instanceof HttpRequest req) {
            startRequest(req);
        }
        if (msg instanceof HttpContent content) {
            try {
                body(content);
            } finally {
                ReferenceCountUtil.release(msg);
            }
        } else if (!(msg instanceof HttpRequest)) {
            ReferenceCountUtil.release(msg);
        }
    }

    private void startRequest(HttpRequest req) {
        if (req.decoderResult().isFailure()) {
            refuseAndClose(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request: "
                    + Failures.oneLine(req.decoderResult().cause()));
            return;
        }
        current = new Exchange(ctx.channel(), req, server, "unrouted", this::finished);
        receiving = true;
        rejection = null;
        bodyBytes = 0;
        if (server.isDraining()) {
            rejection = new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE, "the server is shutting down");
            return;
        }
        try {
            server.originPolicy().checkHost(req);
            checkNormalPath(current.path());
            route = server.router().find(req.method(), current.path());
            current.operation(route.operation());
            if (route.write()) {
                current.checkWriteAllowed();
            }
        } catch (HttpError e) {
            rejection = e;
            return;
        }
        long limit = route.body() == Router.Body.BUFFERED ? server.options().maxRequestBytes() : server.options().maxUploadBytes();
        long declared = HttpUtil.getContentLength(req, -1L);
        if (limit > 0 && declared > limit) {
            current.respondError(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                    "request body of " + declared + " bytes is larger than the limit of " + limit + " bytes");
            return;
        }
        if (HttpUtil.is100ContinueExpected(req)) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
        if (route.body() == Router.Body.STREAMED) {
            RequestBodyStream s = new RequestBodyStream(server.options().clientTimeout().toMillis(), this::resumeBody);
            current.setBodyStream(s);
            server.submit(current, route);
        } else {
            buffered = ctx.alloc().compositeBuffer(1024);
        }
    }

    private void body(HttpContent content) {
        if (current == null || !receiving) {
            return; // the rest of a request already answered (and the connection is closing)
        }
        Exchange ex = current;
        if (content.decoderResult().isFailure()) {
            receiving = false;
            failBody(new IOException("malformed request body"));
            if (!ex.isStarted()) {
                ex.respondError(HttpResponseStatus.BAD_REQUEST, "malformed request body");
            }
            return;
        }
        ByteBuf data = content.content();
        bodyBytes += data.readableBytes();
        if (rejection == null && !ex.isStarted()) {
            long limit = route.body() == Router.Body.BUFFERED ? server.options().maxRequestBytes() : server.options().maxUploadBytes();
            if (limit > 0 && bodyBytes > limit) {
                tooLarge(ex, limit);
            } else if (buffered != null) {
                buffered.addComponent(true, data.retain());
            } else if (ex.streamedBody() != null && ex.streamedBody().offer(data.retain())) {
                bodyPaused = true;
                updateAutoRead();
            }
        }
        if (content instanceof LastHttpContent) {
            receiving = false;
            ex.requestComplete();
            bodyComplete(ex);
        }
    }

    /**
     * A path with "." or ".." segments would name a different resource once normalised
     * (with direct graph identification, {@code PUT /data/../status} made a graph with an
     * un-normalised IRI): refused rather than guessed.
     */
    private static void checkNormalPath(String path) {
        for (String segment : path.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                throw HttpError.badRequest("the path has a '" + segment + "' segment: " + Failures.printable(path));
            }
        }
    }

    private void tooLarge(Exchange ex, long limit) {
        if (buffered != null) {
            releaseBuffered();
            receiving = false;
            ex.respondError(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                    "request body larger than the limit of " + limit + " bytes");
        } else {
            ex.markBodyTooLarge();
            failBody(new IOException("upload larger than the limit of " + limit + " bytes"));
        }
    }

    private void bodyComplete(Exchange ex) {
        if (ex.isStarted()) {
            return;
        }
        if (rejection != null) {
            rejection.headers().forEach(ex::responseHeader);
            ex.respondError(rejection.status(), rejection.getMessage());
        } else if (buffered != null) {
            byte[] bytes = new byte[buffered.readableBytes()];
            buffered.readBytes(bytes);
            releaseBuffered();
            ex.setBody(bytes);
            server.submit(ex, route);
        } else if (ex.streamedBody() != null) {
            ex.streamedBody().end();
        }
    }

    /** Called (on the event loop) when current's response has been written. */
    private void finished(Exchange ex) {
        if (ex != current) {
            return;
        }
        if (receiving) {
            // Answered before the body arrived: the connection is closing; drop the rest.
            failBody(new IOException("response already sent"));
            receiving = false;
            closing = true; // see LingeringClose
        }
        releaseBuffered();
        current = null;
        route = null;
        bodyPaused = false;
        if (closing || !ctx.channel().isActive()) {
            releasePending();
            return;
        }
        while (!pending.isEmpty() && !serving()) {
            handle(pending.poll());
        }
        if (inputEnded && (current == null || receiving)) {
            // Every request the client sent whole before its half-close is answered; one
            // whose body was cut short by it can never complete.
            if (current != null) {
                failBody(new IOException("client ended its request body early (half-close)"));
                current.cancel();
            }
            ctx.close();
            return;
        }
        updateAutoRead();
    }

    private void resumeBody() {
        ctx.channel().eventLoop().execute(() -> {
            bodyPaused = false;
            updateAutoRead();
        });
    }

    /**
     * Reads while nothing waits in {@link #pending}, also while a response is being
     * produced: that is how a client that goes away (FIN or reset) is noticed while its
     * query computes, and the query cancelled, instead of running on for nobody. The
     * first pipelined message stops reading until the response ends.
     */
    private void updateAutoRead() {
        boolean read = !bodyPaused && pending.isEmpty();
        if (ctx.channel().config().isAutoRead() != read) {
            ctx.channel().config().setAutoRead(read);
        }
    }

    private void failBody(IOException e) {
        if (current != null && current.streamedBody() != null) {
            current.streamedBody().fail(e);
        }
        releaseBuffered();
    }

    private void releaseBuffered() {
        if (buffered != null) {
            buffered.release();
            buffered = null;
        }
    }

    private void releasePending() {
        Object m;
        while ((m = pending.poll()) != null) {
            ReferenceCountUtil.release(m);
        }
    }

    private void refuseAndClose(HttpResponseStatus status, String message) {
        Exchange ex = new Exchange(ctx.channel(), new io.netty.handler.codec.http.DefaultHttpRequest(
                HttpVersion.HTTP_1_1, io.netty.handler.codec.http.HttpMethod.GET, "/"), server, "malformed", e -> { });
        current = null;
        receiving = false;
        closing = true;
        ex.respondError(status, message); // not keep-alive: the request never completed, so the connection closes
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            inputEnded(ctx);
            return;
        }
        if (evt instanceof IdleStateEvent idle && idle.state() == IdleState.READER_IDLE) {
            if (current == null) {
                ctx.close(); // idle keep-alive connection
            } else if (receiving) {
                failBody(new IOException("client sent nothing for " + server.options().clientTimeout().toMillis() + " ms"));
                if (!current.isStarted() && current.streamedBody() == null) {
                    receiving = false;
                    current.respondError(HttpResponseStatus.REQUEST_TIMEOUT, "request body not received in time");
                }
            }
            // A request being served may take long: that is the query timeout's business.
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    /**
     * The client sent its end of stream. Not read as "gone" at once: a client may half-close
     * after its request and still read the answer. Requests that arrived whole are answered;
     * a request body cut short can never complete, so its request is cancelled. TCP cannot
     * tell a half-close from a client that closed and left (a timeout, a closed tab), so a
     * request whose answer has not started within {@link #HALF_CLOSE_GRACE_MILLIS} is
     * cancelled: a long query for a client that went away does not run on to its time limit.
     */
    private void inputEnded(ChannelHandlerContext ctx) {
        inputEnded = true;
        if (closing) {
            ctx.close(); // lingering after an early answer: the client has stopped sending
        } else if (current != null && receiving) {
            failBody(new IOException("client ended its request body early (half-close)"));
            current.cancel();
            ctx.close();
        } else if (current == null && pending.isEmpty()) {
            ctx.close();
        } else if (current != null) {
            Exchange served = current;
            ctx.executor().schedule(() -> {
                if (current == served && !served.isStarted()) {
                    served.cancel();
                }
            }, HALF_CLOSE_GRACE_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        // otherwise: finished() closes once the requests in hand are answered
    }

    /** How long a request of a client that ended its stream may take before its answer starts. */
    static final long HALF_CLOSE_GRACE_MILLIS = 2000;

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (current != null) {
            failBody(new IOException("client closed the connection"));
            current.cancel();
        }
        releaseBuffered();
        releasePending();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // Connection resets and the like: nothing to answer; the exchange is cancelled when the channel closes.
        ctx.close();
    }
}
