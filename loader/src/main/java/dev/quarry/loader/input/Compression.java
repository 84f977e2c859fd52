package dev.quarry.loader.input;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import net.jpountz.lz4.LZ4FrameInputStream;
import org.tukaani.xz.XZInputStream;
import org.xerial.snappy.SnappyFramedInputStream;

/**
 * The compression codecs the loader reads, recognised by their magic bytes. The name is
 * consulted only for raw deflate, which has no magic. Every decoder reads concatenated
 * members/frames/streams (bgzip, pigz, pbzip2 and zstd -T write several).
 */
public enum Compression {
    NONE("plain"),
    GZIP("gzip"),
    BZIP2("bzip2"),
    XZ("xz"),
    ZSTD("zstd"),
    LZ4("lz4"),
    SNAPPY("snappy"),
    /** Deflate with a zlib header (RFC 1950), as written by zlib's compress() and pigz -z. */
    ZLIB("zlib"),
    /** Headerless deflate (RFC 1951): no magic, recognised only by a {@code .deflate} name. */
    DEFLATE("deflate");

    /** How many leading bytes {@link #detect} needs to see. */
    public static final int MAGIC_LENGTH = 10;

    private static final int INFLATE_BUFFER = 1 << 16;

    private final String label;

    Compression(String label) {
        this.label = label;
    }

    /**
     * {@code raw} decoded as the loader decodes a source (codec from the magic bytes, the name for
     * raw deflate; the loader's messages for corrupt data), on the caller's thread: for readers
     * outside the load pipeline (the Spark build). Closes {@code raw} if it fails.
     */
    public static InputStream decoded(InputStream raw, String name) throws IOException {
        try {
            return FeedOpener.decompress(raw, name, -1, ReadAhead.OFF);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** A short name for messages ("gzip"). */
    public String label() {
        return label;
    }

    /**
     * The codec whose magic bytes start {@code head}.
     *
     * @param head the first bytes of the stream (fewer than {@link #MAGIC_LENGTH} if the stream is shorter)
     * @param len how many bytes of {@code head} are valid
     * @param name the file name, used only to recognise headerless deflate
     */
    public static Compression detect(byte[] head, int len, String name) {
        if (startsWith(head, len, 0x1f, 0x8b)) {
            return GZIP;
        }
        if (startsWith(head, len, 'B', 'Z', 'h')) {
            return BZIP2;
        }
        if (startsWith(head, len, 0xfd, '7', 'z', 'X', 'Z', 0x00)) {
            return XZ;
        }
        if (startsWith(head, len, 0x28, 0xb5, 0x2f, 0xfd)) {
            return ZSTD;
        }
        if (startsWith(head, len, 0x04, 0x22, 0x4d, 0x18)) {
            return LZ4;
        }
        // Snappy framing format: stream identifier chunk "\xff\x06\0\0sNaPpY".
        if (startsWith(head, len, 0xff, 0x06, 0x00, 0x00, 's', 'N', 'a', 'P', 'p', 'Y')) {
            return SNAPPY;
        }
        if (isZlibHeader(head, len)) {
            return ZLIB;
        }
        if (name != null && name.toLowerCase(Locale.ROOT).endsWith(".deflate")) {
            return DEFLATE;
        }
        return NONE;
    }

    /**
     * Wraps {@code in} (positioned at the magic bytes) in this codec's decoder; {@code name}
     * (the feed's) names the decoder threads of bzip2, the one codec decoded on several threads.
     */
    public InputStream decode(InputStream in, String name) throws IOException {
        return switch (this) {
            case NONE -> in;
            case GZIP -> new GzipMembersInputStream(in);
            case BZIP2 -> new ParallelBzip2InputStream(in, name);
            case XZ -> new XZInputStream(in);
            case ZSTD -> new ZstdInputStreamNoFinalizer(in);
            case LZ4 -> new LZ4FrameInputStream(in);
            case SNAPPY -> new SnappyFramedInputStream(in);
            case ZLIB -> new InflaterInputStream(in, new Inflater(false), INFLATE_BUFFER);
            case DEFLATE -> new InflaterInputStream(in, new Inflater(true), INFLATE_BUFFER);
        };
    }

    /*
     * zlib: CMF byte with method 8 (deflate) and a window of at most 32 KiB, and
     * (CMF*256 + FLG) divisible by 31. Also require no preset dictionary: text never starts
     * with these two bytes by accident in practice ("x\x01", "x^", "x\x9c", "x\xda").
     */
    private static boolean isZlibHeader(byte[] head, int len) {
        if (len < 2) {
            return false;
        }
        int cmf = head[0] & 0xff;
        int flg = head[1] & 0xff;
        return (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0 && (flg & 0x20) == 0;
    }

    private static boolean startsWith(byte[] head, int len, int... magic) {
        if (len < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((head[i] & 0xff) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
