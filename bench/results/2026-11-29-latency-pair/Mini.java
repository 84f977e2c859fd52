import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.*;
import io.netty.channel.*;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.*;
import java.nio.charset.StandardCharsets;

/** Floor experiment: the least a Netty HTTP server does to answer an ASK with SPARQL XML. */
public class Mini {
    static final byte[] BODY = "<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n  <head>\n  </head>\n  <boolean>true</boolean>\n</sparql>\n".getBytes(StandardCharsets.UTF_8);
    public static void main(String[] a) throws Exception {
        EventLoopGroup g = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        new ServerBootstrap().group(g).channel(NioServerSocketChannel.class).childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                protected void initChannel(SocketChannel ch) {
                    ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), new SimpleChannelInboundHandler<FullHttpRequest>() {
                        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
                            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(BODY));
                            r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/sparql-results+xml; charset=utf-8").setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length);
                            ctx.writeAndFlush(r);
                        }
                    });
                }
            }).bind("127.0.0.1", Integer.parseInt(a[0])).sync().channel().closeFuture().sync();
    }
}
