package dev.quarry.endpoint.ui;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.GZIPOutputStream;

/**
 * One file of the UI, held in memory with what its responses need: the content type, a
 * strong ETag (a hash of the bytes), how long browsers may cache it, and a gzip copy when
 * that is worth sending.
 *
 * @param cacheControl {@code no-cache} for pages whose URL stays the same across versions
 *                     (revalidated with the ETag); a long {@code immutable} lifetime for files
 *                     whose URL carries their version
 */
record StaticAsset(byte[] bytes, byte[] gzipped, String contentType, String etag, String cacheControl) {
    static final String REVALIDATE = "no-cache";
    static final String IMMUTABLE = "public, max-age=31536000, immutable";

    static StaticAsset of(byte[] bytes, String contentType, String cacheControl) {
        byte[] gz = gzip(bytes);
        // Small files gain nothing from compression; send them as they are.
        byte[] keep = gz.length < bytes.length * 9L / 10 ? gz : null;
        return new StaticAsset(bytes, keep, contentType, etag(bytes), cacheControl);
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 3 + 64);
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String etag(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\"" + HexFormat.of().formatHex(d, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
