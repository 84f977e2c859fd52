package dev.quarry.endpoint.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One request and its response, as a handler sees them. The request body is either
 * complete in memory ({@link #body()}) or a stream that fills as the client sends it
 * ({@link #bodyStream()}), depending on the route. The response is sent once: whole
 * ({@link #respond}) or streamed as it is produced ({@link #startStream}).
 * Thread-safe for one handler thread plus the event loop.
 */
public final class Exchange {
    private final Channel channel;
    private final HttpRequest request;
    private final QueryStringDecoder uri;
    private final ServerContext server;
    private final Consumer<Exchange> onFinished;
    private final long id;
    private final long startNanos = System.nanoTime();
    private final HttpHeaders responseHeaders = new DefaultHttpHeaders();
    private final List<Runnable> cancelHooks = new CopyOnWriteArrayList<>();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean finished = new AtomicBoolean();
    private volatile boolean requestComplete;
    private volatile boolean cancelled;
    private volatile boolean bodyTooLarge;
    private volatile HttpResponseStatus status;
    private volatile String operation;
    private volatile String queryKind;
    private long inlineBudgetMillis;  // > 0 while the handler runs on the event loop
    private boolean moveRequested;
    private byte[] body;
    private Map<String, List<String>> queryParams; // decoded on first use
    private RequestBodyStream bodyStream;
    private ResponseBodyStream stream;

    Exchange(Channel channel, HttpRequest request, ServerContext server, String operation,
             Consumer<Exchange> onFinished) {
        this.channel = channel;
        this.request = request;
        // ';' is an ordinary character in SPARQL text, not a parameter separator.
        this.uri = QueryStringDecoder.builder().semicolonIsNormalChar(true).build(request.uri());
        this.server = server;
        this.operation = operation;
        this.onFinished = onFinished;
        this.id = server.nextRequestId();
        responseHeaders.set(REQUEST_ID, id);
    }

    /** The response header that tells a client its request's id, as the access log shows it. */
    static final String REQUEST_ID = "X-Request-Id";

    // ------------------------------------------------------------------ request

    public HttpMethod method() {
        return request.method();
    }

    /** The path, percent-decoded; 400 if its percent-encoding is malformed. */
    public String path() {
        return decoded(uri::path);
    }

    /** The URI as the client sent it (path and query string). */
    public String uri() {
        return request.uri();
    }

    /** Parameters of the query string, decoded. */
    public Map<String, List<String>> queryParams() {
        if (queryParams == null) {
            int pathEnd = uri.rawPath().length(); // where '?' or '#' begins, as Netty splits the URI
            queryParams = decoded(() -> UrlEncodedParams.decode(request.uri(), pathEnd, StandardCharsets.UTF_8));
        }
        return queryParams;
    }

    /** What Netty's decoder gives, or 400 for a malformed percent-escape (e.g. {@code %ZZ}) instead of a failure. */
    private static <T> T decoded(java.util.function.Supplier<T> decode) {
        try {
            return decode.get();
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest("malformed percent-encoding: " + Failures.printable(Failures.oneLine(e)));
        }
    }

    public String header(CharSequence name) {
        return request.headers().get(name);
    }

    /** The media type of the body, lower case, without parameters; null if none. */
    public String contentType() {
        String ct = header(HttpHeaderNames.CONTENT_TYPE);
        if (ct == null || ct.isBlank()) {
            return null;
        }
        int semi = ct.indexOf(';');
        return (semi < 0 ? ct : ct.substring(0, semi)).trim().toLowerCase(java.util.Locale.ROOT);
    }

    public Charset charset() {
        return HttpUtil.getCharset(request, StandardCharsets.UTF_8);
    }

    /** The whole body (buffered routes); empty if there was none. */
    public byte[] body() {
        if (body == null) {
            throw new IllegalStateException("route " + operation + " streams its body");
        }
        return body;
    }

    /** Parameters of an {@code application/x-www-form-urlencoded} body (buffered routes). */
    public Map<String, List<String>> formParams() {
        String form = bodyString();
        Charset charset = charset();
        return decoded(() -> UrlEncodedParams.decode(form, 0, charset));
    }

    /**
     * The body as text in its charset; 400 if it is not valid in it (replacing bad bytes
     * with U+FFFD would silently change the data an update writes).
     */
    public String bodyString() {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(body());
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(in.remaining());
        java.nio.charset.CharsetDecoder d = charset().newDecoder();
        java.nio.charset.CoderResult r = d.decode(in, out, true);
        if (!r.isError()) {
            r = d.flush(out);
        }
        if (r.isError()) {
            throw HttpError.badRequest("the request body is not valid " + charset().name() + " at byte " + in.position());
        }
        return out.flip().toString();
    }

    /** The body as it arrives (streamed routes). */
    public InputStream bodyStream() {
        if (bodyStream == null) {
            throw new IllegalStateException("route " + operation + " buffers its body");
        }
        return bodyStream;
    }

    void setBody(byte[] bytes) {
        this.body = bytes;
    }

    void setBodyStream(RequestBodyStream s) {
        this.bodyStream = s;
    }

    RequestBodyStream streamedBody() {
        return bodyStream;
    }

    void requestComplete() {
        requestComplete = true;
    }

    /** A streamed body went over the upload limit: the failure is a 413. */
    void markBodyTooLarge() {
        bodyTooLarge = true;
    }

    boolean bodyTooLarge() {
        return bodyTooLarge;
    }

    HttpOptions options() {
        return server.options();
    }

    /** Throws 403 if the server is read-only, 401 if the bearer token is missing or wrong. */
    public void checkWriteAllowed() {
        server.writeGuard().check(this);
    }

    // ------------------------------------------------------------------ inline

    /**
     * Whether the handler runs on the connection's event loop ({@link InlinePolicy}): it
     * must then neither block nor run past {@link #inlineBudgetMillis()}, and throws
     * {@link #moveToWorker} for anything that would.
     */
    public boolean isInline() {
        return inlineBudgetMillis > 0;
    }

    /** How long the handler may run on the event loop (while {@link #isInline()}). */
    public long inlineBudgetMillis() {
        return inlineBudgetMillis;
    }

    /**
     * Asks for the request to be run again from the start on a worker; the handler throws
     * what this returns. Nothing of the response may have been sent (a streamed response
     * is held back while inline, see {@link ResponseBodyStream}). The request stays asked
     * to move even if something on the way wraps or swallows the exception.
     */
    public RuntimeException moveToWorker(String why) {
        if (!isInline()) {
            throw new IllegalStateException("not running on the event loop");
        }
        moveRequested = true;
        return new MoveToWorker(why);
    }

    /** Whether the handler asked to move to a worker ({@link #moveToWorker}). */
    public boolean moveRequested() {
        return moveRequested;
    }

    void beginInline(long budgetMillis) {
        this.inlineBudgetMillis = budgetMillis;
    }

    void endInline() {
        inlineBudgetMillis = 0;
    }

    /**
     * Undoes an inline attempt that asked to move: its held-back response and cancel hooks
     * go. False if a response was sent anyway (the handler answered after asking to move):
     * the request is then done.
     */
    boolean resetForWorker() {
        endInline();
        if (isStarted() && !retractUnsentStream()) {
            return false;
        }
        moveRequested = false;
        cancelHooks.clear();
        queryKind = null;
        return true;
    }

    /** Thrown by a handler on the event loop to be run on a worker; no stack trace (it is not a failure). */
    private static final class MoveToWorker extends RuntimeException {
        MoveToWorker(String why) {
            super("moved to a worker: " + why, null, false, false);
        }
    }

    // ------------------------------------------------------------------ bookkeeping

    /** Names the operation for metrics (e.g. a POST to /sparql is a query or an update). */
    public void operation(String name) {
        this.operation = name;
    }

    public String operation() {
        return operation;
    }

    /** What a SPARQL request asks (select, ask, construct, describe, update), for the per-kind counters. */
    public void queryKind(String kind) {
        this.queryKind = kind;
    }

    String queryKind() {
        return queryKind;
    }

    /** The request's id, unique in this server's life (access log, X-Request-Id, error lines). */
    public long id() {
        return id;
    }

    /** The client's address, for the access log. */
    String clientAddress() {
        return channel.remoteAddress() instanceof java.net.InetSocketAddress a ? a.getAddress().getHostAddress() : "-";
    }

    /** Nanoseconds since the request's head arrived. */
    long elapsedNanos() {
        return System.nanoTime() - startNanos;
    }

    HttpResponseStatus status() {
        return status;
    }

    /** Runs {@code hook} if the request is cancelled (client gone, server stopping). */
    public void onCancel(Runnable hook) {
        cancelHooks.add(hook);
        if (cancelled) {
            hook.run();
        }
    }

    public boolean isCancelled() {
        return cancelled;
    }

    void cancel() {
        if (cancelled) {
            return;
        }
        cancelled = true;
        for (Runnable hook : cancelHooks) {
            try {
                hook.run();
            } catch (RuntimeException ignored) {
                // cancelling is best effort; the handler still ends the exchange
            }
        }
    }

    // ------------------------------------------------------------------ response

    /** Adds a header to the response (before it is started). */
    public Exchange responseHeader(CharSequence name, Object value) {
        responseHeaders.add(name, value);
        return this;
    }

    public boolean isStarted() {
        return started.get();
    }

    public void respond(HttpResponseStatus status, String contentType, byte[] content) {
        begin(status);
        FullHttpResponse resp = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(content));
        resp.headers().set(responseHeaders);
        if (status.code() == HttpResponseStatus.SERVICE_UNAVAILABLE.code() && !resp.headers().contains(HttpHeaderNames.RETRY_AFTER)) {
            // Every 503 (busy, stopping, a query out of time) is temporary: say when to retry.
            resp.headers().set(HttpHeaderNames.RETRY_AFTER, "1");
        }
        if (contentType != null) {
            resp.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        HttpUtil.setContentLength(resp, content.length);
        varyOnEncoding(resp);
        boolean close = decideConnection(resp);
        // Listener first: see ResponseBodyStream.close.
        channel.writeAndFlush(resp, channel.newPromise().addListener(f -> finish(close)));
    }

    public void respond(HttpResponseStatus status, String contentType, String text) {
        respond(status, contentType, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A response without a body (204, or 201 / 200 with nothing to say). */
    public void respondEmpty(HttpResponseStatus status) {
        respond(status, null, new byte[0]);
    }

    /** Sends an error: one line of text, or the error format of the API the path belongs to. */
    public void respondError(HttpResponseStatus status, String message) {
        ErrorBody.Content c = server.router().errorBodyFor(uri.rawPath()).render(status, message);
        respond(status, c.contentType(), c.bytes());
    }

    /**
     * Starts a streamed response; the caller writes the body and closes the stream to end
     * it. A short body goes out whole with a Content-Length, a long one chunked as it is
     * written (see {@link ResponseBodyStream}). HEAD requests get the headers only.
     */
    public OutputStream startStream(HttpResponseStatus status, String contentType) {
        begin(status);
        HttpResponse resp = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
        resp.headers().set(responseHeaders);
        resp.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        varyOnEncoding(resp);
        boolean close = decideConnection(resp);
        boolean head = method().equals(HttpMethod.HEAD);
        Runnable overflow = isInline() ? () -> {
            throw moveToWorker("the response is longer than " + ResponseBodyStream.INLINE_BYTES + " bytes");
        } : null;
        stream = new ResponseBodyStream(channel, resp, head, server.options().clientTimeout().toMillis(), overflow,
                () -> finish(close));
        return head ? new HeadBodySink(stream) : stream;
    }

    /**
     * Takes back a streamed response of which nothing was sent yet (a short body is held
     * until it ends, see {@link ResponseBodyStream}), so that a failure, such as a query
     * timing out before its first bytes went out, is answered with its own status.
     */
    boolean retractUnsentStream() {
        if (stream != null && stream.retractIfUnsent()) {
            stream = null;
            status = null;
            started.set(false);
            return true;
        }
        return false;
    }

    /**
     * Ends a response that cannot be completed (a failure after the first bytes were
     * sent): the connection closes without the last chunk, so the client sees an error
     * rather than a result that looks whole.
     */
    public void abort() {
        if (stream != null) {
            stream.discard();
        }
        started.set(true);
        channel.close();
        finish(true);
    }

    private void begin(HttpResponseStatus s) {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("response already started");
        }
        this.status = s;
    }

    /** With compression on, a response depends on Accept-Encoding: caches must know. */
    private void varyOnEncoding(HttpResponse resp) {
        if (server.options().compressionMinBytes() >= 0
                && !resp.headers().containsValue(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING, true)) {
            resp.headers().add(HttpHeaderNames.VARY, "Accept-Encoding");
        }
    }

    /** Keep the connection unless the client asked to close or the request body was not fully read. */
    private boolean decideConnection(HttpResponse resp) {
        boolean keep = HttpUtil.isKeepAlive(request) && requestComplete && !server.isDraining();
        if (keep) {
            if (!request.protocolVersion().isKeepAliveDefault()) {
                resp.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            }
        } else {
            resp.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return !keep;
    }

    private void finish(boolean close) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        if (close && !channel.isActive()) {
            // The client is gone (e.g. a slow-loris connection dropped at its timeout): nothing to
            // flush. Writing here, inside the listener of the failed write, made Netty's encoder
            // release the response twice (IllegalReferenceCountException, one trace per connection).
            channel.close();
        } else if (close) {
            // A body still arriving is drained before the close, so that the response is not lost to a reset.
            ChannelFutureListener then = requestComplete ? ChannelFutureListener.CLOSE : f -> LingeringClose.start(channel);
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(then);
        }
        channel.eventLoop().execute(() -> {
            AccessLog.record(this, SentBytes.take(channel));
            onFinished.accept(this);
        });
    }

    boolean isFinished() {
        return finished.get();
    }

    /** HEAD: swallows the body the handler writes, ends the (empty) chunked response on close. */
    private static final class HeadBodySink extends OutputStream {
        private final ResponseBodyStream target;

        HeadBodySink(ResponseBodyStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) {
            // no body for HEAD
        }

        @Override
        public void write(byte[] b, int off, int len) {
            // no body for HEAD
        }

        @Override
        public void close() throws java.io.IOException {
            target.close();
        }
    }
}
