package dev.quarry.endpoint.cli;

import dev.quarry.loader.prebuilt.PrebuiltException;
import dev.quarry.loader.prebuilt.PrebuiltIngest;
import dev.quarry.store.QuadStore;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code quarry ingest}: commits the files of a Spark build ({@code quarry-spark build}) to a store. */
@Command(name = "ingest",
        mixinStandardHelpOptions = true,
        description = {
            "Ingests a build directory made by 'quarry-spark build' into a store, in one atomic step.",
            "",
            "Checks the build's manifest (format, every file's size and SHA-256) and that the store's dictionary is the one the build was numbered against: a new, empty store for a build without --dictionary, else the store as 'quarry export-dictionary' saw it (same next id, prefixes and term count). Then all index, dictionary and statistics files go into the store in one RocksDB ingest: the store has all of the build or, if this fails or is killed, none of it. Quads the store already holds are not counted twice in its statistics. On the store's file system the files are moved into it (hard links, removed from the build directory), so such a build is ingested once (the manifest and report.json stay); from another file system they are copied. The store must not be open elsewhere (stop the server first).",
            ""})
final class IngestCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Parameters(index = "0", paramLabel = "BUILD_DIR", description = "The build directory (with manifest.properties).")
    Path build;

    @Override
    public Integer call() {
        long start = System.nanoTime();
        try (QuadStore qs = store.openOrCreate()) {
            PrebuiltIngest.Result r = PrebuiltIngest.ingest(qs, build);
            System.out.printf(Text.LOCALE, "ingested %s: %,d files, %,d quads (%,d new), %,d new terms in %s%n", build,
                    r.files(), r.quads(), r.newQuads(), r.newTerms(), Text.seconds(System.nanoTime() - start));
            return Main.OK;
        } catch (PrebuiltException e) {
            throw new CliFailure(e.getMessage(), e);
        }
    }
}
