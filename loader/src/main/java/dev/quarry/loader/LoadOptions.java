package dev.quarry.loader;

import dev.quarry.loader.input.HttpFetch;
import dev.quarry.loader.input.RdfFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * What to load and how. Build with {@link #of} and the {@code with...} methods.
 *
 * @param sources      files, directories, globs, URLs or "-" as {@code Sources.expand} takes them
 * @param format       the format of every feed, or null to tell by name
 * @param graph        the graph IRI for statements without a graph (triple formats), or null for the default graph
 * @param base         the base IRI for relative IRIs (Turtle, TriG, RDF/XML, JSON-LD), or null
 * @param parallelism  worker threads as Neptune's levels; ignored if {@code threads > 0}
 * @param threads      worker threads, or 0 to use {@code parallelism}
 * @param memoryBytes  heap the load may use for batches, sorted runs and the dictionary; 0 = half the max heap
 * @param tmpDir       where to spill sorted runs and dictionary runs, or null for the store's tmp/
 * @param failOnError  stop at the first bad statement (nothing committed), else skip and count it
 * @param mode         NEW (one commit), or RESUME: skip feeds already recorded and commit feed groups as they finish
 * @param commitBytes  RESUME only: input bytes after which a group of whole sources is committed;
 *                     0 = the default rule of {@code FeedGroups} (at least 64 MiB, at most ~32 commits)
 * @param http         how http(s) sources are fetched (timeouts, retries, which URLs are allowed)
 */
public record LoadOptions(List<String> sources, RdfFormat format, String graph, String base, Parallelism parallelism,
                          int threads, long memoryBytes, Path tmpDir, boolean failOnError, LoadMode mode,
                          long commitBytes, HttpFetch http) {
    public LoadOptions {
        if (http == null) {
            http = HttpFetch.DEFAULT;
        }
        sources = List.copyOf(sources);
        if (parallelism == null) {
            parallelism = Parallelism.HIGH;
        }
        if (mode == null) {
            mode = LoadMode.NEW;
        }
        if (threads < 0 || memoryBytes < 0 || commitBytes < 0) {
            throw new IllegalArgumentException("threads, memory and commit bytes must not be negative");
        }
    }

    public static LoadOptions of(List<String> sources) {
        return new LoadOptions(sources, null, null, null, Parallelism.HIGH, 0, 0, null, false, LoadMode.NEW, 0, HttpFetch.DEFAULT);
    }

    public static LoadOptions of(String... sources) {
        return of(List.of(sources));
    }

    public LoadOptions withFormat(RdfFormat f) {
        return new LoadOptions(sources, f, graph, base, parallelism, threads, memoryBytes, tmpDir, failOnError, mode,
                commitBytes, http);
    }

    public LoadOptions withGraph(String g) {
        return new LoadOptions(sources, format, g, base, parallelism, threads, memoryBytes, tmpDir, failOnError, mode,
                commitBytes, http);
    }

    public LoadOptions withBase(String b) {
        return new LoadOptions(sources, format, graph, b, parallelism, threads, memoryBytes, tmpDir, failOnError, mode,
                commitBytes, http);
    }

    public LoadOptions withParallelism(Parallelism p) {
        return new LoadOptions(sources, format, graph, base, p, threads, memoryBytes, tmpDir, failOnError, mode,
                commitBytes, http);
    }

    public LoadOptions withThreads(int n) {
        return new LoadOptions(sources, format, graph, base, parallelism, n, memoryBytes, tmpDir, failOnError, mode,
                commitBytes, http);
    }

    public LoadOptions withMemory(long bytes) {
        return new LoadOptions(sources, format, graph, base, parallelism, threads, bytes, tmpDir, failOnError, mode,
                commitBytes, http);
    }

    public LoadOptions withTmpDir(Path dir) {
        return new LoadOptions(sources, format, graph, base, parallelism, threads, memoryBytes, dir, failOnError, mode,
                commitBytes, http);
    }

    public LoadOptions withFailOnError(boolean fail) {
        return new LoadOptions(sources, format, graph, base, parallelism, threads, memoryBytes, tmpDir, fail, mode,
                commitBytes, http);
    }

    public LoadOptions withMode(LoadMode m) {
        return new LoadOptions(sources, format, graph, base, parallelism, threads, memoryBytes, tmpDir, failOnError, m,
                commitBytes, http);
    }

    public LoadOptions withCommitBytes(long bytes) {
        return new LoadOptions(sources, format, graph, base, parallelism, threads, memoryBytes, tmpDir, failOnError,
                mode, bytes, http);
    }

    public LoadOptions withHttp(HttpFetch h) {
        return new LoadOptions(sources, format, graph, base, parallelism, threads, memoryBytes, tmpDir, failOnError,
                mode, commitBytes, h);
    }

    /** Worker threads to use on this machine. */
    public int workerThreads() {
        return threads > 0 ? threads : parallelism.threads(Runtime.getRuntime().availableProcessors());
    }

    /** The memory budget in bytes. */
    public long memoryBudget() {
        return memoryBytes > 0 ? memoryBytes : Runtime.getRuntime().maxMemory() / 2;
    }
}
