package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.prebuilt.BuildManifest;
import dev.quarry.loader.prebuilt.PrebuiltIngest;
import java.io.OutputStream;
import dev.quarry.store.QuadStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quarry ingest} and {@code quarry export-dictionary}: what a user sees for each bad input
 * (one line, exit code 1). Builds themselves come from Spark and are tested in the spark module
 * (SparkBuildTest, IngestKillTest); here a build directory is written by hand: a manifest and an
 * empty statistics file, numbered against a new store.
 */
class IngestCommandTest {
    @TempDir
    Path dir;

    private Path emptyBuild(String name, int format) throws Exception {
        Path build = Files.createDirectories(dir.resolve(name));
        Path stats = Files.writeString(build.resolve("stats.txt"), "");
        BuildManifest.FileEntry entry = new BuildManifest.FileEntry("stats.txt", BuildManifest.STATS_KIND, 0, 0, "", "",
                PrebuiltIngest.sha256(stats));
        try (OutputStream out = Files.newOutputStream(build.resolve(BuildManifest.FILE_NAME))) {
            new BuildManifest(format, 1, 1, 0, 0, 0, 0, 0, 0, 0, List.of(entry)).write(out);
        }
        return build;
    }

    private static void assertOneLineFailure(CliRun r, String expected) {
        assertEquals(Main.FAILURE, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aBuildForANewStoreGoesIntoANewStoreOnly() throws Exception {
        Path build = emptyBuild("build", QuadStore.FORMAT_VERSION);
        Path store = dir.resolve("store");
        CliRun ok = CliRun.run("ingest", "--store", store.toString(), build.toString());
        assertEquals(Main.OK, ok.code(), ok.err());
        assertTrue(ok.out().startsWith("ingested " + build + ": 0 files, 0 quads (0 new), 0 new terms in "), ok.out());

        Path data = Files.writeString(dir.resolve("data.nt"), "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .\n");
        assertEquals(Main.OK, CliRun.run("load", "--store", store.toString(), "--progress=never", data.toString()).code());
        assertOneLineFailure(CliRun.run("ingest", "--store", store.toString(), build.toString()),
                "was built against a new, empty store, but " + store + " now has next id ");
        assertOneLineFailure(CliRun.run("ingest", "--store", store.toString(), build.toString()),
                ", next prefix 2 and 3 terms: run 'quarry export-dictionary' on the store and build again with --dictionary");
    }

    @Test
    void badBuildDirectoriesGetAOneLineError() throws Exception {
        Path store = dir.resolve("store");
        assertOneLineFailure(CliRun.run("ingest", "--store", store.toString(), dir.resolve("nothing").toString()),
                "no manifest.properties (not a Quarry build directory, or the build did not finish)");
        assertOneLineFailure(CliRun.run("ingest", "--store", store.toString(), emptyBuild("old", 2).toString()),
                "built for store format 2, this Quarry writes format " + QuadStore.FORMAT_VERSION + ": build again with the quarry-spark jar of this version");
        Path damaged = emptyBuild("damaged", QuadStore.FORMAT_VERSION);
        Files.writeString(damaged.resolve("stats.txt"), "q 1 2 3\n");
        assertOneLineFailure(CliRun.run("ingest", "--store", store.toString(), damaged.toString()),
                "stats.txt: 8 bytes, the manifest says 0 (damaged or incomplete copy of the build)");
        Path truncated = emptyBuild("truncated", QuadStore.FORMAT_VERSION);
        Files.writeString(truncated.resolve(BuildManifest.FILE_NAME), "quarry-build-format=1\nstore-format=" + QuadStore.FORMAT_VERSION + "\n");
        assertOneLineFailure(CliRun.run("ingest", "--store", store.toString(), truncated.toString()),
                "manifest.properties: no 'files' (not a complete Quarry build manifest)");
    }

    @Test
    void exportDictionaryWritesTheFingerprintAndRefusesAFullDirectory() throws Exception {
        Path store = dir.resolve("store");
        Path data = Files.writeString(dir.resolve("data.nt"), "<http://ex.org/s> <http://ex.org/p> \"a long literal\" .\n");
        assertEquals(Main.OK, CliRun.run("load", "--store", store.toString(), "--progress=never", data.toString()).code());
        Path out = dir.resolve("export");
        CliRun ok = CliRun.run("export-dictionary", "--store", store.toString(), out.toString());
        assertEquals(Main.OK, ok.code(), ok.err());
        assertTrue(ok.out().startsWith("exported 3 terms of " + store + " to " + out + " (next id "), ok.out());
        assertTrue(ok.out().contains(", next prefix 2) in "), ok.out());
        assertTrue(Files.exists(out.resolve("terms-00000.bin")) && Files.exists(out.resolve("prefixes.bin")));
        assertOneLineFailure(CliRun.run("export-dictionary", "--store", store.toString(), out.toString()),
                out + " exists and is not an empty directory: give a new one");
    }
}
