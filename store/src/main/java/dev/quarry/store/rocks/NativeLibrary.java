package dev.quarry.store.rocks;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarEntry;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;

/**
 * Loads RocksDB's native library. RocksDB's own loader copies the library (17 MB, compressed in
 * the jar) to a new temporary file at every start: 122 ms of a 0.6 s `quarry load` of 1,000
 * triples (async-profiler, wall clock), paid by every command. Run from Quarry's one jar, the
 * library is copied once to a directory beside the jar ({@code quarry.native/<crc>/}, named
 * by the entry's CRC, so a new build gets its own) and loaded from there; anywhere else (tests,
 * a read-only directory) RocksDB's loader does as it always did.
 */
final class NativeLibrary {
    private NativeLibrary() {}

    static void load() {
        try {
            Path dir = cachedCopy();
            if (dir != null) {
                RocksDB.loadLibrary(List.of(dir.toString()));
                return;
            }
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            // fall back to RocksDB's loader below
        }
        RocksDB.loadLibrary();
    }

    private static java.net.URI toUri(URL url) throws IOException {
        try {
            return url.toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
    }

    /** The directory of the library's copy beside Quarry's jar (made if missing), or null when not run from that jar. */
    private static Path cachedCopy() throws IOException {
        String name = Environment.getJniLibraryFileName("rocksdb"); // the entry in the jar
        // The file name RocksDB.loadLibrary(List) looks for in each directory (RocksDB 11 spells it
        // "librocksdbjnijni-linux64.so"; should that change, the load falls back to RocksDB's loader).
        String copyName = Environment.getJniLibraryFileName("rocksdbjni");
        URL url = RocksDB.class.getClassLoader().getResource(name);
        URL ours = NativeLibrary.class.getResource(NativeLibrary.class.getSimpleName() + ".class");
        if (url == null || ours == null || !"jar".equals(url.getProtocol()) || !"jar".equals(ours.getProtocol())) {
            return null;
        }
        JarURLConnection entry = (JarURLConnection) url.openConnection();
        JarURLConnection self = (JarURLConnection) ours.openConnection();
        if (!entry.getJarFileURL().equals(self.getJarFileURL()) || !"file".equals(entry.getJarFileURL().getProtocol())) {
            return null; // RocksDB in a jar of its own: not ours to write beside
        }
        entry.setUseCaches(false);
        JarEntry e = entry.getJarEntry();
        Path jar = Path.of(toUri(entry.getJarFileURL()));
        Path dir = jar.resolveSibling("quarry.native").resolve(Long.toHexString(e.getCrc()) + "-" + e.getSize());
        Path lib = dir.resolve(copyName);
        if (Files.isRegularFile(lib) && Files.size(lib) == e.getSize()) {
            return dir;
        }
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, copyName, ".part");
        try (InputStream in = entry.getInputStream()) {
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING); // a whole file or none
        } finally {
            Files.deleteIfExists(tmp);
        }
        return dir;
    }
}
