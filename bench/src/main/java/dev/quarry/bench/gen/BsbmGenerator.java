package dev.quarry.bench.gen;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes deterministic BSBM-like e-commerce data: products, types, features, producers, vendors,
 * offers, reviews and reviewers, one named graph per producer plus default-graph quads (see
 * {@link BsbmEmitter}). Exactly the requested number of quads, streamed in constant memory; the
 * same seed gives byte-identical files. The syntax follows the output name: {@code .nq},
 * {@code .nq.gz}, {@code .ttl} (all graphs' triples, with {@code @prefix} lines) or {@code .ttl.gz}.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.quarry.bench.gen.BsbmGenerator --quads 10M --out data/bsbm-10M.nq
 * java -cp bench/target/benchmarks.jar dev.quarry.bench.gen.BsbmGenerator --prefixes 10M --out data/prefixes.ttl
 * </pre>
 */
public final class BsbmGenerator {
    public static final long DEFAULT_SEED = 20240601L;

    private BsbmGenerator() {}

    /** What a run wrote: statements and uncompressed bytes. */
    public record Result(long quads, long bytes) {}

    /** Writes {@code quads} statements to {@code out}, syntax by extension, atomically. */
    public static Result write(Path out, long quads, long seed) throws IOException {
        if (quads < 0) {
            throw new IllegalArgumentException("--quads must not be negative: " + quads);
        }
        boolean turtle = isTurtle(out);
        try (OutputFile file = new OutputFile(out)) {
            Result result = write(file.stream(), turtle, quads, seed);
            file.commit();
            return result;
        }
    }

    /** Writes {@code quads} statements as N-Quads or Turtle to a stream, and closes it. */
    public static Result write(OutputStream stream, boolean turtle, long quads, long seed) throws IOException {
        try (QuadSink sink = turtle ? new TurtleSink(stream) : new NQuadsSink(stream)) {
            long n = new BsbmEmitter(sink, seed, quads).run();
            return new Result(n, sink.bytesWritten());
        }
    }

    private static boolean isTurtle(Path out) {
        String name = OutputFile.syntaxName(out);
        if (name.endsWith(".nq")) {
            return false;
        }
        if (name.endsWith(".ttl")) {
            return true;
        }
        throw new IllegalArgumentException(out + ": unknown output syntax, use .nq, .nq.gz, .ttl or .ttl.gz");
    }

    /** Parses {@code 1000000}, {@code 100k}, {@code 10M}, {@code 1G} (powers of 1000). */
    public static long parseCount(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT).replace("_", "");
        long unit = switch (t.isEmpty() ? ' ' : t.charAt(t.length() - 1)) {
            case 'k' -> 1_000L;
            case 'm' -> 1_000_000L;
            case 'g' -> 1_000_000_000L;
            default -> 1L;
        };
        try {
            return Math.multiplyExact(Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1)), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("not a count: '" + s + "' (e.g. 100k, 10M)");
        }
    }

    public static void main(String[] args) {
        try {
            System.exit(run(args));
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("BsbmGenerator: " + e.getMessage());
            System.exit(2);
        }
    }

    private static int run(String[] args) throws IOException {
        long quads = -1;
        long prefixes = -1;
        long seed = DEFAULT_SEED;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                System.out.println("usage: BsbmGenerator --quads N --out FILE.{nq,nq.gz,ttl,ttl.gz} [--seed S]\n"
                    + "       BsbmGenerator --prefixes N [--quads N] --out FILE.ttl   (N @prefix lines, then triples)");
                return 0;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + arg);
            }
            String value = args[++i];
            switch (arg) {
                case "--quads" -> quads = parseCount(value);
                case "--prefixes" -> prefixes = parseCount(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--out" -> out = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + arg + " (see --help)");
            }
        }
        if (out == null) {
            throw new IllegalArgumentException("--out FILE is required (see --help)");
        }
        long start = System.nanoTime();
        long written;
        if (prefixes >= 0) {
            written = PrefixFileWriter.write(out, prefixes, quads < 0 ? prefixes : quads);
        } else if (quads >= 0) {
            written = write(out, quads, seed).quads();
        } else {
            throw new IllegalArgumentException("--quads N is required (see --help)");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.err.printf(Locale.ROOT, "%s: %,d statements in %.1f s (%,.0f/s), %,d bytes on disk%n",
            out, written, seconds, written / seconds, java.nio.file.Files.size(out));
        return 0;
    }
}
