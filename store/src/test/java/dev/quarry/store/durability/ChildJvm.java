package dev.quarry.store.durability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link DurabilityChild} in its own JVM (same java, same class path), with its stdout
 * read line by line on a daemon thread and its stderr kept in a file for failure messages.
 */
final class ChildJvm implements AutoCloseable {
    private static final String EOF = "\u0000eof";
    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private ChildJvm(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        Thread reader = new Thread(this::pump, "child-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    static ChildJvm start(Path stderr, String... args) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xmx256m", "-XX:+UseSerialGC",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                DurabilityChild.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(stderr.toFile()).start();
        p.getOutputStream().close();
        return new ChildJvm(p, stderr);
    }

    private void pump() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        } catch (IOException ignored) {
            // the child was killed mid-line: what was read is all it acknowledged
        } finally {
            lines.add(EOF);
        }
    }

    /** The next line, or an AssertionError with the child's stderr if none comes in time or it exits. */
    String nextLine(long timeoutSeconds) throws InterruptedException {
        String line = lines.poll(timeoutSeconds, TimeUnit.SECONDS);
        if (line == null || line.equals(EOF)) {
            throw new AssertionError((line == null ? "child printed nothing for " + timeoutSeconds + " s"
                    : "child exited early (" + process.waitFor() + ")") + "; stderr:\n" + stderrText());
        }
        return line;
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
     * The lines the child printed before it died that were not read yet: they were
     * acknowledged too. Call after {@link #kill}.
     */
    List<String> remainingLines() throws InterruptedException {
        List<String> rest = new ArrayList<>();
        for (String line; (line = lines.poll(30, TimeUnit.SECONDS)) != null && !line.equals(EOF); ) {
            rest.add(line);
        }
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
