package dev.quarry.e2e.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jvm/aot-cache}, as {@code ./quarry} uses it: the training run makes a cache the JVM
 * really maps ({@code -XX:AOTMode=on} fails the JVM otherwise), one training at a time (a
 * killed one's lock taken over), once per jar; a rebuilt jar or {@code QUARRY_AOT=off} leaves
 * Quarry without it. Needs JDK 25 or later.
 */
class AotCacheTest {
    private static final long TIMEOUT_SECONDS = 300;

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {}

    private static Run run(List<String> cmd, Map<String, String> env, Path scratch) throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, "out", ".txt");
        Path err = Files.createTempFile(scratch, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError(String.join(" ", cmd) + " did not finish in " + TIMEOUT_SECONDS + " s");
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8).strip(),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private Run aotCache(Path jar, Map<String, String> env, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(QuarryCli.repo().resolve("jvm/aot-cache").toString(), jar.toString()));
        cmd.addAll(List.of(more));
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("JAVA_HOME", System.getProperty("java.home"));
        return run(cmd, all, dir);
    }

    @Test
    void theTrainedCacheIsMappedByTheJvmMadeOnceAndDroppedForARebuiltJar() throws Exception {
        assumeTrue(Runtime.version().feature() >= 25, "the AOT cache needs JDK 25");
        Path jar = dir.resolve("quarry.jar");
        Files.copy(Path.of(System.getProperty("quarry.jar")), jar);
        Path cache = dir.resolve("quarry.aot");

        assertEquals(new Run(0, "", ""), aotCache(jar, Map.of()), "without 'train' no cache is made");
        Path lock = Files.createDirectory(dir.resolve("quarry.aot.lock"));
        assertEquals(new Run(0, "", ""), aotCache(jar, Map.of(), "train"), "another training holds the lock");
        assertTrue(Files.notExists(cache));
        // A lock left by a killed training is taken over after ten minutes.
        Files.setLastModifiedTime(lock, FileTime.fromMillis(System.currentTimeMillis() - 20 * 60_000));
        Run trained = aotCache(jar, Map.of(), "train");
        assertEquals(0, trained.exit(), trained.err());
        assertEquals("-XX:AOTCache=" + cache, trained.out(), trained.err());
        assertTrue(Files.size(cache) > 1_000_000, "cache of " + Files.size(cache) + " bytes");
        assertTrue(Files.notExists(lock), "the lock is released");

        // AOTMode=on: the JVM exits with an error unless it maps this cache.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Run version = run(List.of(java, "-XX:AOTMode=on", trained.out(), "-jar", jar.toString(), "--version"), Map.of(), dir);
        assertEquals(0, version.exit(), version.err());
        assertTrue(version.out().startsWith("quarry "), version.out());
        assertEquals("", version.err());

        FileTime made = Files.getLastModifiedTime(cache);
        assertEquals(trained.out(), aotCache(jar, Map.of(), "train").out());
        assertEquals(made, Files.getLastModifiedTime(cache), "a fresh cache is not made again");
        assertEquals("", aotCache(jar, Map.of("QUARRY_AOT", "off")).out());

        Files.setLastModifiedTime(jar, FileTime.fromMillis(made.toMillis() + 5_000)); // as a rebuild would
        assertEquals("", aotCache(jar, Map.of()).out(), "a cache older than its jar is not used");
    }

    @Test
    void anOlderJdkGetsNoCacheOption() throws Exception {
        Path fakeJdk = Files.createDirectories(dir.resolve("jdk21"));
        Files.writeString(fakeJdk.resolve("release"), "JAVA_VERSION=\"21.0.5\"\n");
        Path jar = Files.createFile(dir.resolve("quarry.jar"));
        List<String> cmd = List.of(QuarryCli.repo().resolve("jvm/aot-cache").toString(), jar.toString(), "train");
        assertEquals(new Run(0, "", ""), run(cmd, Map.of("JAVA_HOME", fakeJdk.toString()), dir));
        assertTrue(Files.notExists(dir.resolve("quarry.aot")));
    }
}
