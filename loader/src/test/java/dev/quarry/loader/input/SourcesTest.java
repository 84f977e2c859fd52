package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourcesTest {
    @TempDir
    Path dir;

    @BeforeEach
    void files() throws IOException {
        for (String f : List.of("dumps/b.nq.gz", "dumps/a.nq.gz", "dumps/notes.txt", "dumps/old/c.nq.gz",
                "dumps/old/deeper/d.nt", "dumps/.hidden.nq", "dumps/.git/x.nq", "top.nq")) {
            Path p = dir.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, f);
        }
    }

    private List<String> names(String... args) {
        return Sources.expand(List.of(args)).stream().map(Source::name).toList();
    }

    private String at(String relative) {
        return dir.resolve(relative).toString();
    }

    @Test
    void directoriesAreWalkedRecursivelySortedWithoutHiddenFiles() {
        assertEquals(List.of(at("dumps/a.nq.gz"), at("dumps/b.nq.gz"), at("dumps/notes.txt"), at("dumps/old/c.nq.gz"),
                at("dumps/old/deeper/d.nt")), names(at("dumps")));
    }

    @Test
    void globsMatchOneLevelOrAllWithDoubleStar() {
        assertEquals(List.of(at("dumps/a.nq.gz"), at("dumps/b.nq.gz")), names(at("dumps") + "/*.nq.gz"));
        assertEquals(List.of(at("dumps/a.nq.gz"), at("dumps/b.nq.gz"), at("dumps/old/c.nq.gz")),
                names(at("dumps") + "/**.nq.gz"));
        assertEquals(List.of(at("dumps/a.nq.gz"), at("dumps/b.nq.gz"), at("dumps/old/c.nq.gz")),
                names(at("dumps") + "/**/*.nq.gz"), "**/ also matches the top level");
        assertEquals(List.of(at("dumps/old/c.nq.gz"), at("dumps/old/deeper/d.nt")), names(at("dumps") + "/o*"),
                "a matched directory is walked");
        assertEquals(List.of(at("dumps/a.nq.gz"), at("dumps/b.nq.gz")), names(at("dumps") + "/[ab].nq.{gz,zst}"));
    }

    @Test
    void relativeGlobsStayRelative() throws IOException {
        // Relative to the working directory: use a directory under it that we create and delete.
        Path cwdDir = Files.createTempDirectory(Path.of(""), "globtest");
        try {
            Files.writeString(cwdDir.resolve("x.nq"), "x");
            assertEquals(List.of(cwdDir.resolve("x.nq").toString()), names(cwdDir + "/*.nq"));
        } finally {
            Files.delete(cwdDir.resolve("x.nq"));
            Files.delete(cwdDir);
        }
    }

    @Test
    void fileUrlsAreFiles() {
        assertEquals(List.of(at("top.nq")), names(dir.resolve("top.nq").toUri().toString()));
    }

    @Test
    void missingFilesAndEmptyGlobsAreOneClearLine() {
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> names(at("nope.nq")));
        assertEquals(at("nope.nq") + ": no such file or directory", e.getMessage());
        e = assertThrows(UncheckedIOException.class, () -> names(at("dumps") + "/*.ttl"));
        assertEquals("no files match " + at("dumps") + "/*.ttl", e.getMessage());
        e = assertThrows(UncheckedIOException.class, () -> names(at("nodir") + "/*.nq"));
        assertEquals(at("nodir") + "/*.nq: no such file or directory", e.getMessage());
    }

    @Test
    void aFileThatVanishesBeforeOpeningIsOneClearLine() throws IOException {
        Source s = Sources.expand(List.of(at("top.nq"))).get(0);
        Files.delete(dir.resolve("top.nq"));
        IOException e = assertThrows(IOException.class, () -> s.open(new java.util.concurrent.atomic.LongAdder(), null));
        assertEquals(at("top.nq") + ": no such file or directory", e.getMessage());
    }

    @Test
    void stdinIsReadFromTheInjectedStreamAndNeedsAFormat() throws IOException {
        byte[] data = TestData.nquads(500, 7);
        List<Source> sources = Sources.expand(List.of("-"),
                new ByteArrayInputStream(TestData.compress(Compression.XZ, data)));
        assertInstanceOf(StreamSource.class, sources.get(0));
        assertEquals(-1, sources.get(0).size());
        List<byte[]> contents = new ArrayList<>();
        List<Feed> feeds = TestData.readAll(sources.get(0), RdfFormat.NQUADS, ReadAhead.AUTO, contents);
        assertEquals(StreamSource.STDIN_NAME, feeds.get(0).name());
        assertArrayEquals(data, contents.get(0));

        Source noFormat = Sources.expand(List.of("-"), new ByteArrayInputStream(data)).get(0);
        IOException e = assertThrows(IOException.class, () -> noFormat.open(new java.util.concurrent.atomic.LongAdder(), null));
        assertEquals("cannot tell the RDF format of <stdin>; give --format", e.getMessage());
    }

    @Test
    void stdinTwiceIsRefused() {
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> Sources.expand(List.of("-", "-"), new ByteArrayInputStream(new byte[0])));
        assertEquals("- (stdin) given more than once", e.getMessage());
    }
}
