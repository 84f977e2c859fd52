package dev.quarry.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A main class in its own JVM (same java, same class path), stdout and stderr to files: after a
 * SIGKILL the file holds everything the child wrote whole, where a pipe reader can lose the tail
 * when the JDK closes the pipe of a dead process. Lines are read either all at once
 * ({@link #lines}, {@link #awaitLine}) or one by one as acknowledgements ({@link #nextLine},
 * {@link #remainingLines}); a line cut by the kill is never returned.
 */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path stdout;
    private final Path stderr;
    private final List<String> pending = new ArrayList<>();
    private int consumed;

    private ChildJvm(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Starts {@code main} with {@code jvmArgs} (e.g. -Xmx) and {@code args}; output goes to {@code prefix}.out/.err. */
    public static ChildJvm start(Path prefix, List<String> jvmArgs, Class<?> main, String... args) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
                "--enable-native-access=ALL-UNNAMED"));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        Path out = Path.of(prefix + ".out");
        Path err = Path.of(prefix + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        return new ChildJvm(p, out, err);
    }

    /** Waits for the child to exit by itself; returns its status. */
    public int waitFor(long timeoutSeconds) throws InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("child did not finish in " + timeoutSeconds + " s; stderr:\n" + stderrText());
        }
        return process.exitValue();
    }

    /** Waits until the child has printed a complete line equal to {@code line}; fails if it exits first. */
    public void awaitLine(String line, long timeoutSeconds) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!lines().contains(line)) {
            if (!process.isAlive() && !lines().contains(line)) {
                throw new AssertionError("child exited (" + process.exitValue() + ") before printing '" + line
                        + "'; stdout:\n" + String.join("\n", lines()) + "\nstderr:\n" + stderrText());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("child did not print '" + line + "' in " + timeoutSeconds + " s");
            }
            Thread.sleep(2);
        }
    }

    /** The next line not returned yet, or an AssertionError with the child's stderr if none comes in time or it exits. */
    public String nextLine(long timeoutSeconds) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (pending.isEmpty()) {
            pending.addAll(newLines());
            if (!pending.isEmpty()) {
                break;
            }
            if (!process.isAlive()) {
                pending.addAll(newLines());
                if (pending.isEmpty()) {
                    throw new AssertionError("child exited early (" + process.exitValue() + "); stderr:\n" + stderrText());
                }
                break;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("child printed nothing for " + timeoutSeconds + " s; stderr:\n" + stderrText());
            }
            Thread.sleep(5);
        }
        return pending.remove(0);
    }

    /** The lines the child printed before it died that {@link #nextLine} did not return yet. Call after {@link #kill}. */
    public List<String> remainingLines() throws IOException {
        List<String> rest = new ArrayList<>(pending);
        pending.clear();
        rest.addAll(newLines());
        return rest;
    }

    private List<String> newLines() throws IOException {
        List<String> all = lines();
        List<String> fresh = new ArrayList<>(all.subList(consumed, all.size()));
        consumed = all.size();
        return fresh;
    }

    /** Kills the child with SIGKILL (destroyForcibly on Linux); returns its exit status. */
    public int kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("child " + process.pid() + " did not die");
        }
        return process.exitValue();
    }

    /** The complete lines printed so far (a line cut by a kill is not included). */
    public List<String> lines() throws IOException {
        String text = Files.readString(stdout, StandardCharsets.UTF_8);
        String complete = text.substring(0, text.lastIndexOf('\n') + 1);
        return complete.isEmpty() ? List.of() : List.of(complete.split("\n"));
    }

    public String stderrText() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(no stderr: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
