package dev.quarry.e2e.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code java -jar quarry.jar ...} as a real process, as a user would. */
final class QuarryCli {
    private static final long TIMEOUT_SECONDS = 120;

    /** What a run printed and returned. */
    record Run(int exit, String out, String err) {
        /** The lines of stderr. */
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private final Path jar;
    private final Path scratch;

    QuarryCli(Path scratch) {
        String prop = System.getProperty("quarry.jar");
        assertTrue(prop != null, "system property quarry.jar is not set (run through Maven)");
        this.jar = Path.of(prop);
        assertTrue(Files.isRegularFile(jar), jar + " does not exist: build it with ./mvnw package first");
        this.scratch = scratch;
    }

    static Path repo() {
        return Path.of(System.getProperty("quarry.repo", "."));
    }

    Run run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(scratch, "out", ".txt");
        Path err = Files.createTempFile(scratch, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("quarry " + String.join(" ", args) + " did not finish in " + TIMEOUT_SECONDS + " s");
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
