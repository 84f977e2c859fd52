package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CompressionTest {
    @TempDir
    Path dir;

    private static final byte[] DATA = TestData.nquads(6_000, 1);

    @ParameterizedTest
    @EnumSource(Compression.class)
    void everyCodecDecodesInlineAndOnTheReadAheadThread(Compression codec) throws IOException {
        // A misleading name: the codec must be found from the magic bytes (except headerless deflate).
        String name = codec == Compression.DEFLATE ? "data.nq.deflate" : "data.nq";
        Path file = Files.write(dir.resolve(name), TestData.compress(codec, DATA));
        for (ReadAhead readAhead : ReadAhead.values()) {
            LongAdder raw = new LongAdder();
            try (FeedReader reader = new FileSource(file).open(raw, null, readAhead)) {
                Feed feed = reader.next();
                assertEquals(RdfFormat.NQUADS, feed.format());
                assertEquals(file.toString(), feed.name());
                assertArrayEquals(DATA, feed.stream().readAllBytes(), codec + " " + readAhead);
                assertEquals(null, reader.next());
            }
            assertEquals(Files.size(file), raw.sum(), "raw bytes counted for " + codec);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"GZIP", "BZIP2", "XZ", "ZSTD", "LZ4"})
    void concatenatedMembersAreAllRead(Compression codec) throws IOException {
        byte[] a = TestData.nquads(3000, 2);
        byte[] b = TestData.nquads(5, 3);
        byte[] c = TestData.nquads(4000, 4);
        Path file = Files.write(dir.resolve("multi.nq.x"), TestData.compressMembers(codec, a, b, c));
        byte[] expected = concat(a, b, c);
        for (ReadAhead readAhead : List.of(ReadAhead.OFF, ReadAhead.ON)) {
            List<byte[]> contents = new ArrayList<>();
            TestData.readAll(new FileSource(file), null, readAhead, contents);
            assertArrayEquals(expected, contents.get(0), codec + " members " + readAhead);
        }
    }

    @Test
    void manySmallGzipMembersAsBgzipWrites() throws IOException {
        // bgzip writes blocks of at most 64 KiB: many members, each a complete gzip stream.
        byte[] data = TestData.nquads(50_000, 5);
        List<byte[]> blocks = new ArrayList<>();
        for (int off = 0; off < data.length; off += 65_280) {
            blocks.add(java.util.Arrays.copyOfRange(data, off, Math.min(data.length, off + 65_280)));
        }
        blocks.add(new byte[0]); // bgzip ends with an empty EOF block
        Path file = Files.write(dir.resolve("bgzip.nq.gz"), TestData.compressMembers(Compression.GZIP,
                blocks.toArray(byte[][]::new)));
        List<byte[]> contents = new ArrayList<>();
        TestData.readAll(new FileSource(file), null, ReadAhead.ON, contents);
        assertArrayEquals(data, contents.get(0));
    }

    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"GZIP", "BZIP2", "XZ", "ZSTD", "LZ4", "SNAPPY", "ZLIB"})
    void corruptDataGivesOneLineNamingFileAndCodec(Compression codec) throws IOException {
        byte[] compressed = TestData.compress(codec, DATA);
        // Keep the header (so the codec is recognised), damage the body.
        for (int i = compressed.length / 3; i < compressed.length / 3 + 64; i++) {
            compressed[i] ^= 0x5a;
        }
        Path file = Files.write(dir.resolve("bad.nq"), compressed);
        for (ReadAhead readAhead : List.of(ReadAhead.OFF, ReadAhead.ON)) {
            IOException e = assertThrows(IOException.class, () -> TestData.readAll(new FileSource(file), null,
                    readAhead, new ArrayList<>()));
            assertTrue(e.getMessage().startsWith(file + ": corrupt " + codec.label()), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"GZIP", "BZIP2", "XZ", "ZSTD", "LZ4"})
    void truncatedDataIsAnErrorNotASilentShortRead(Compression codec) throws IOException {
        byte[] compressed = TestData.compress(codec, DATA);
        Path file = Files.write(dir.resolve("cut.nq"), java.util.Arrays.copyOf(compressed, compressed.length / 2));
        IOException e = assertThrows(IOException.class, () -> TestData.readAll(new FileSource(file), null,
                ReadAhead.ON, new ArrayList<>()));
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(codec.label()), e.getMessage());
    }

    @Test
    void formatComesFromTheNameUnderTheCompressionSuffix() throws IOException {
        Path ttl = Files.write(dir.resolve("x.ttl.zst"), TestData.compress(Compression.ZSTD, DATA));
        try (FeedReader r = new FileSource(ttl).open(new LongAdder(), null)) {
            assertEquals(RdfFormat.TURTLE, r.next().format());
        }
        try (FeedReader r = new FileSource(ttl).open(new LongAdder(), RdfFormat.NTRIPLES)) {
            assertEquals(RdfFormat.NTRIPLES, r.next().format(), "--format overrides the name");
        }
    }

    @Test
    void unknownFormatIsOneClearLine() throws IOException {
        Path file = Files.write(dir.resolve("dump.gz"), TestData.compress(Compression.GZIP, DATA));
        IOException e = assertThrows(IOException.class, () -> new FileSource(file).open(new LongAdder(), null));
        assertEquals("cannot tell the RDF format of " + file + "; give --format", e.getMessage());
    }

    @Test
    void plainTextIsNotMistakenForACodec() {
        for (String text : List.of("<http://a> <http://b> <http://c> .\n", "@prefix x: <y> .", "", "x", "xy z")) {
            byte[] b = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(Compression.NONE, Compression.detect(b, b.length, "a.nq"), text);
        }
    }

    static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
