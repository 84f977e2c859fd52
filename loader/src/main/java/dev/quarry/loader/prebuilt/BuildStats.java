package dev.quarry.loader.prebuilt;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The statistics a build counted, as the loader counts them for a load into an empty store
 * ({@code IndexMerger}): distinct quads per (graph, predicate) and distinct (s, p) pairs per
 * predicate from SPOG, distinct (p, o) pairs per predicate from POSG. The ingest hands them to
 * {@code BulkSession}, which writes the STAT keys as it does for a load. Text file, one count a
 * line: {@code q GRAPH PREDICATE N}, {@code s PREDICATE N}, {@code o PREDICATE N} (ids as signed decimals).
 */
public final class BuildStats implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A (graph, predicate) pair. */
    public record GraphPredicate(long graph, long predicate) implements Serializable {}

    private final Map<GraphPredicate, Long> quads = new HashMap<>();
    private final Map<Long, Long> subjects = new HashMap<>();
    private final Map<Long, Long> objects = new HashMap<>();

    public void addQuads(long graph, long predicate, long n) {
        quads.merge(new GraphPredicate(graph, predicate), n, Long::sum);
    }

    /** Distinct (s, p) pairs of {@code predicate}. */
    public void addSubjects(long predicate, long n) {
        subjects.merge(predicate, n, Long::sum);
    }

    /** Distinct (p, o) pairs of {@code predicate}. */
    public void addObjects(long predicate, long n) {
        objects.merge(predicate, n, Long::sum);
    }

    /** Adds {@code o}'s counts to these (the counts of disjoint key ranges add up); returns this. */
    public BuildStats plus(BuildStats o) {
        o.quads.forEach((k, n) -> quads.merge(k, n, Long::sum));
        o.subjects.forEach((k, n) -> subjects.merge(k, n, Long::sum));
        o.objects.forEach((k, n) -> objects.merge(k, n, Long::sum));
        return this;
    }

    public Map<GraphPredicate, Long> quads() {
        return quads;
    }

    public Map<Long, Long> subjects() {
        return subjects;
    }

    public Map<Long, Long> objects() {
        return objects;
    }

    public long totalQuads() {
        return quads.values().stream().mapToLong(Long::longValue).sum();
    }

    public void write(OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder();
        TreeMap<GraphPredicate, Long> sorted = new TreeMap<>(
                java.util.Comparator.comparingLong(GraphPredicate::graph).thenComparingLong(GraphPredicate::predicate));
        sorted.putAll(quads);
        sorted.forEach((k, n) -> b.append("q ").append(k.graph()).append(' ').append(k.predicate())
                        .append(' ').append(n).append('\n'));
        new TreeMap<>(subjects).forEach((p, n) -> b.append("s ").append(p).append(' ').append(n).append('\n'));
        new TreeMap<>(objects).forEach((p, n) -> b.append("o ").append(p).append(' ').append(n).append('\n'));
        out.write(b.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** Reads a statistics file; {@code where} names it in errors. */
    public static BuildStats read(InputStream in, String where) throws IOException {
        BuildStats s = new BuildStats();
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
        String line;
        int n = 0;
        while ((line = r.readLine()) != null) {
            n++;
            String[] f = line.split(" ");
            try {
                switch (f.length == 4 && f[0].equals("q") ? "q" : f.length == 3 ? f[0] : "?") {
                    case "q" -> s.addQuads(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
                    case "s" -> s.addSubjects(Long.parseLong(f[1]), Long.parseLong(f[2]));
                    case "o" -> s.addObjects(Long.parseLong(f[1]), Long.parseLong(f[2]));
                    default -> throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                throw new PrebuiltException(where + ":" + n + ": not a statistics line: " + line);
            }
        }
        return s;
    }
}
