package dev.quarry.endpoint.http;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.cors.CorsConfig;
import io.netty.handler.codec.http.cors.CorsConfigBuilder;
import io.netty.handler.codec.http.cors.CorsHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline of every connection: HTTP/1.1 codec, the count of bytes sent (after
 * compression), response compression, CORS if enabled, an idle timer for slow or silent
 * clients, and the dispatcher. No aggregator: bodies are buffered or streamed per route.
 */
final class HttpPipelineInitializer extends ChannelInitializer<SocketChannel> {
    /** Longest request line and header block accepted (the codec answers 400 beyond). */
    private static final int MAX_INITIAL_LINE = 64 * 1024;
    private static final int MAX_HEADERS = 64 * 1024;

    /**
     * With --cors: any origin may read (and send what a SPARQL client sends); whether a
     * cross-origin write is allowed is still {@link OriginPolicy}'s decision.
     */
    private static final CorsConfig CORS = CorsConfigBuilder.forAnyOrigin()
            .allowedRequestMethods(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST, HttpMethod.PUT, HttpMethod.DELETE)
            .allowedRequestHeaders("Content-Type", "Accept", "Authorization")
            .exposeHeaders("Content-Type", "Content-Length", "Retry-After", Exchange.REQUEST_ID)
            .maxAge(3600)
            .build();

    private final ServerContext server;
    private final ChannelGroup channels;

    HttpPipelineInitializer(ServerContext server, ChannelGroup channels) {
        this.server = server;
        this.channels = channels;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        channels.add(ch);
        ChannelPipeline p = ch.pipeline();
        p.addLast("codec", new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADERS, 64 * 1024));
        p.addLast("bytes", new SentBytes());
        if (server.options().compressionMinBytes() >= 0) {
            // zstd, gzip or nothing, as the request's Accept-Encoding allows; a body that already has a
            // Content-Encoding (the UI's gzipped files) passes as it is.
            p.addLast("compress", new ContentCompressor(server.options().compressionMinBytes()));
        }
        if (server.options().cors()) {
            p.addLast("cors", new CorsHandler(CORS));
        }
        p.addLast("idle", new IdleStateHandler(server.options().clientTimeout().toMillis(), 0, 0, TimeUnit.MILLISECONDS));
        p.addLast("dispatch", new ExchangeDispatcher(server));
    }
}
