package dev.quarry.endpoint.http;

import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.netty.handler.codec.http.HttpContentCompressor;
import io.netty.handler.codec.http.HttpResponse;
import java.util.Locale;

/**
 * Netty's response compressor, zstd or gzip, with the coding chosen by the q-values of the
 * request's Accept-Encoding. Netty 4.2.20's own choice compares zstd's q with snappy's only:
 * a client sending {@code gzip;q=1, zstd;q=0.5}, or even {@code zstd;q=0} ("not acceptable",
 * RFC 9110 12.5.3), was sent zstd. So the choice is made here and Netty is handed the one
 * coding chosen. At an equal q zstd wins (smaller and faster to compress).
 */
final class ContentCompressor extends HttpContentCompressor {
    ContentCompressor(int minBytes) {
        super(minBytes, StandardCompressionOptions.zstd(), StandardCompressionOptions.gzip());
    }

    @Override
    protected Result beginEncode(HttpResponse response, String acceptEncoding) throws Exception {
        String coding = choose(acceptEncoding);
        return coding == null ? null : super.beginEncode(response, coding);
    }

    /** "zstd", "gzip", or null to send the body as it is. */
    static String choose(String acceptEncoding) {
        if (acceptEncoding == null) {
            return null;
        }
        float zstd = -1;
        float gzip = -1;
        float any = -1;
        for (String item : acceptEncoding.split(",")) {
            String[] parts = item.split(";");
            String name = parts[0].trim().toLowerCase(Locale.ROOT);
            float q = 1;
            for (int i = 1; i < parts.length; i++) {
                String p = parts[i].trim();
                if (p.length() > 2 && (p.charAt(0) == 'q' || p.charAt(0) == 'Q') && p.charAt(1) == '=') {
                    try {
                        q = Float.parseFloat(p.substring(2));
                    } catch (NumberFormatException e) {
                        q = 0; // malformed: not taken as acceptance
                    }
                }
            }
            switch (name) {
                case "zstd" -> zstd = q;
                case "gzip", "x-gzip" -> gzip = q;
                case "*" -> any = q;
                default -> { }
            }
        }
        zstd = zstd < 0 ? any : zstd;
        gzip = gzip < 0 ? any : gzip;
        if (zstd <= 0 && gzip <= 0) {
            return null;
        }
        return zstd >= gzip ? "zstd" : "gzip";
    }
}
