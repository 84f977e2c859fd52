package dev.quarry.store.durability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link DurabilityChild} in its own JVM (same java, same class path). Its stdout goes
 * to a file, not a pipe: what the child wrote before SIGKILL is in the file whole, while
 * a pipe reader can lose the tail when the JDK closes the pipe of a dead process.
 */
final class ChildJvm implements AutoCloseable {
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

    /** Starts a child; its output goes to {@code prefix}.out and {@code prefix}.err. */
    static ChildJvm start(Path prefix, String... args) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xmx256m", "-XX:+UseSerialGC",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                DurabilityChild.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Path.of(prefix + ".out"), err = Path.of(prefix + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        return new ChildJvm(p, out, err);
    }

    /** The complete lines the child has written so far that were not returned yet. */
    private List<String> newLines() throws IOException {
        String text = Files.readString(stdout, StandardCharsets.UTF_8);
        String complete = text.substring(0, text.lastIndexOf('\n') + 1); // a line cut by the kill is no acknowledgement
        List<String> all = complete.isEmpty() ? List.of() : List.of(complete.split("\n"));
        List<String> fresh = new ArrayList<>(all.subList(consumed, all.size()));
        consumed = all.size();
        return fresh;
    }

    /** The next line, or an AssertionError with the child's stderr if none comes in time or it exits. */
    String nextLine(long timeoutSeconds) throws InterruptedException, IOException {
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

    /** Kills the child with SIGKILL (destroyForcibly on Linux) and returns its exit status. */
    int kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("child " + process.pid() + " did not die");
        }
        return process.exitValue();
    }

    /**
     * The lines the child printed before it died that were not returned yet: they were
     * acknowledged too. Call after {@link #kill}.
     */
    List<String> remainingLines() throws IOException {
        List<String> rest = new ArrayList<>(pending);
        pending.clear();
        rest.addAll(newLines());
        return rest;
    }

    String stderrText() {
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
