package dev.quarry.loader.input;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;
import org.xerial.snappy.SnappyFramedOutputStream;

/** Generated N-Quads and compression with the codec libraries themselves (not our code). */
final class TestData {
    private TestData() {}

    /** {@code lines} N-Quads lines, deterministic for a seed. */
    static byte[] nquads(int lines, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            sb.append("<http://example.org/s").append(r.nextInt(1000)).append("> <http://example.org/p")
                    .append(r.nextInt(20)).append("> \"value ").append(r.nextLong()).append("\" <http://example.org/g")
                    .append(r.nextInt(5)).append("> .\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] compress(Compression codec, byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = encoder(codec, bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    private static OutputStream encoder(Compression codec, OutputStream out) throws IOException {
        return switch (codec) {
            case NONE -> out;
            case GZIP -> new GZIPOutputStream(out);
            case BZIP2 -> new BZip2CompressorOutputStream(out);
            case XZ -> new XZOutputStream(out, new LZMA2Options(1));
            case ZSTD -> new ZstdOutputStream(out);
            // With a content checksum, as the lz4 command line writes by default.
            case LZ4 -> new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB,
                    LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM);
            case SNAPPY -> new SnappyFramedOutputStream(out);
            case ZLIB -> new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, false));
            case DEFLATE -> new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, true));
        };
    }

    /** Each part compressed on its own, the results concatenated (as bgzip, pigz, pbzip2 write). */
    static byte[] compressMembers(Compression codec, byte[]... parts) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.write(compress(codec, part));
        }
        return all.toByteArray();
    }

    /** All feeds of a source as name -> content, reading each feed before asking for the next. */
    static List<Feed> readAll(Source source, RdfFormat override, ReadAhead readAhead, List<byte[]> contents)
            throws IOException {
        List<Feed> feeds = new ArrayList<>();
        try (FeedReader reader = source.open(new LongAdder(), override, readAhead)) {
            Feed f;
            while ((f = reader.next()) != null) {
                feeds.add(f);
                contents.add(readFully(f.stream()));
            }
        }
        return feeds;
    }

    static byte[] readFully(InputStream in) throws IOException {
        return in.readAllBytes();
    }
}
