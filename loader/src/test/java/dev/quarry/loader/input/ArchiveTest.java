package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveTest {
    @TempDir
    Path dir;

    /** Entry name -> bytes stored in the archive; the expected content is in {@link #plain}. */
    private final Map<String, byte[]> stored = new LinkedHashMap<>();
    private final Map<String, byte[]> plain = new LinkedHashMap<>();

    private void entries() throws IOException {
        put("a.nq", TestData.nquads(2000, 11), Compression.NONE);
        put("sub/b.nt.zst", TestData.nquads(3000, 12), Compression.ZSTD);
        put("sub/c.ttl.gz", TestData.nquads(1000, 13), Compression.GZIP);
        put("empty.nq", new byte[0], Compression.NONE);
    }

    private void put(String name, byte[] content, Compression codec) throws IOException {
        stored.put(name, TestData.compress(codec, content));
        plain.put(name, content);
    }

    @Test
    void tarGzEntriesAreFeedsIncludingCompressedOnes() throws IOException {
        entries();
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(tar)) {
            out.putArchiveEntry(new TarArchiveEntry("sub/"));
            out.closeArchiveEntry();
            for (var e : stored.entrySet()) {
                TarArchiveEntry entry = new TarArchiveEntry(e.getKey());
                entry.setSize(e.getValue().length);
                out.putArchiveEntry(entry);
                out.write(e.getValue());
                out.closeArchiveEntry();
            }
        }
        Path file = Files.write(dir.resolve("dump.tar.gz"), TestData.compress(Compression.GZIP, tar.toByteArray()));
        for (ReadAhead readAhead : ReadAhead.values()) {
            assertFeeds(file, readAhead);
        }
    }

    @Test
    void zipEntriesAreFeedsIncludingCompressedOnes() throws IOException {
        entries();
        Path file = dir.resolve("dump.zip");
        try (OutputStream os = Files.newOutputStream(file); ZipArchiveOutputStream out = new ZipArchiveOutputStream(os)) {
            out.putArchiveEntry(new ZipArchiveEntry("sub/"));
            out.closeArchiveEntry();
            for (var e : stored.entrySet()) {
                out.putArchiveEntry(new ZipArchiveEntry(e.getKey()));
                out.write(e.getValue());
                out.closeArchiveEntry();
            }
        }
        for (ReadAhead readAhead : ReadAhead.values()) {
            assertFeeds(file, readAhead);
        }
    }

    private void assertFeeds(Path file, ReadAhead readAhead) throws IOException {
        List<byte[]> contents = new ArrayList<>();
        List<Feed> feeds = TestData.readAll(new FileSource(file), null, readAhead, contents);
        List<String> names = new ArrayList<>(plain.keySet());
        assertEquals(names.size(), feeds.size(), "directory entries are skipped");
        for (int i = 0; i < names.size(); i++) {
            assertEquals(file + "!/" + names.get(i), feeds.get(i).name());
            assertArrayEquals(plain.get(names.get(i)), contents.get(i), names.get(i) + " " + readAhead);
        }
        assertEquals(List.of(RdfFormat.NQUADS, RdfFormat.NTRIPLES, RdfFormat.TURTLE, RdfFormat.NQUADS),
                feeds.stream().map(Feed::format).toList());
    }

    @Test
    void entriesCanBeSkippedWithoutReadingThem() throws IOException {
        entries();
        Path file = dir.resolve("skip.zip");
        try (OutputStream os = Files.newOutputStream(file); ZipArchiveOutputStream out = new ZipArchiveOutputStream(os)) {
            for (var e : stored.entrySet()) {
                out.putArchiveEntry(new ZipArchiveEntry(e.getKey()));
                out.write(e.getValue());
                out.closeArchiveEntry();
            }
        }
        try (FeedReader reader = new FileSource(file).open(new LongAdder(), null, ReadAhead.ON)) {
            reader.next();
            reader.next(); // the compressed entry, abandoned half read
            assertEquals(file + "!/sub/c.ttl.gz", reader.next().name());
            assertArrayEquals(plain.get("empty.nq"), reader.next().stream().readAllBytes());
            assertEquals(null, reader.next());
        }
    }

    @Test
    void entryWithUnknownFormatHasNoFormatUnlessOneIsGiven() throws IOException {
        Path file = dir.resolve("docs.zip");
        try (OutputStream os = Files.newOutputStream(file); ZipArchiveOutputStream out = new ZipArchiveOutputStream(os)) {
            out.putArchiveEntry(new ZipArchiveEntry("README"));
            out.write("hello".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeArchiveEntry();
        }
        try (FeedReader reader = new FileSource(file).open(new LongAdder(), null)) {
            Feed readme = reader.next();
            assertEquals(file + "!/README", readme.name());
            assertEquals(null, readme.format(), "the loader skips it with a warning");
            assertEquals(null, reader.next());
        }
        try (FeedReader reader = new FileSource(file).open(new LongAdder(), RdfFormat.NTRIPLES)) {
            assertEquals(RdfFormat.NTRIPLES, reader.next().format());
        }
    }
}
