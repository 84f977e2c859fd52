package dev.quarry.e2e.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run from its jar, Quarry copies RocksDB's native library beside the jar once
 * ({@code quarry.native/<crc>-<size>/}) and loads it from there at every later start, where
 * RocksDB's own loader extracted it to a new temporary file each time.
 */
class NativeLibraryTest {
    @TempDir
    Path dir;

    private int load(Path jar, String store) throws Exception {
        Path data = dir.resolve("one.nt");
        Files.writeString(data, "<http://example.org/s> <http://example.org/p> \"o\" .\n");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                "load", "--store", dir.resolve(store).toString(), "--progress=never", data.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve(store + ".log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the load finished");
        return p.exitValue();
    }

    private static List<Path> libraries(Path nativeDir) throws Exception {
        try (Stream<Path> s = Files.walk(nativeDir)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void theLibraryIsCopiedBesideTheJarOnceAndLoadedFromThere() throws Exception {
        Path jar = dir.resolve("quarry.jar");
        Files.copy(Path.of(System.getProperty("quarry.jar")), jar);
        assertEquals(0, load(jar, "a"), () -> read(dir.resolve("a.log")));
        List<Path> libs = libraries(dir.resolve("quarry.native"));
        assertEquals(1, libs.size(), libs.toString());
        Path lib = libs.get(0);
        long size;
        try (ZipFile z = new ZipFile(jar.toFile())) {
            size = z.getEntry(org.rocksdb.util.Environment.getJniLibraryFileName("rocksdb")).getSize();
        }
        assertEquals(size, Files.size(lib), "the whole library");
        assertTrue(lib.getParent().getFileName().toString().endsWith("-" + size), lib.toString());

        FileTime written = FileTime.fromMillis(Files.getLastModifiedTime(lib).toMillis() - 60_000);
        Files.setLastModifiedTime(lib, written);
        assertEquals(0, load(jar, "b"), () -> read(dir.resolve("b.log")));
        assertEquals(List.of(lib), libraries(dir.resolve("quarry.native")), "no second copy, no leftover part");
        assertEquals(written, Files.getLastModifiedTime(lib), "loaded, not copied again");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
