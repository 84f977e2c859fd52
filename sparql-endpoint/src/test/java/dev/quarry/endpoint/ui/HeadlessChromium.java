package dev.quarry.endpoint.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code chromium} run headless once per call, with a throw-away profile and
 * nothing that phones home; no host name resolves, so it only talks to the test's server on 127.0.0.1.
 * The process is killed if it outlives its time limit.
 */
final class HeadlessChromium {
    static final Path BINARY = Path.of("/usr/bin/chromium");

    private final Path profile;

    HeadlessChromium(Path profile) {
        this.profile = profile;
    }

    static boolean available() {
        return Files.isExecutable(BINARY);
    }

    /** The DOM after the page ran for {@code virtualMillis} of virtual time (pending fetches hold the clock). */
    String dumpDom(String url, int virtualMillis) throws IOException, InterruptedException {
        return run(List.of("--dump-dom", "--virtual-time-budget=" + virtualMillis, url));
    }

    /** A PNG of the page, for a person to look at. */
    void screenshot(String url, Path png, int virtualMillis) throws IOException, InterruptedException {
        run(List.of("--screenshot=" + png.toAbsolutePath(), "--window-size=1280,900",
                "--virtual-time-budget=" + virtualMillis, url));
    }

    private String run(List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions", "--no-first-run", "--no-default-browser-check",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile.toAbsolutePath(),
                // Every host but the test server's is unresolvable: the page must work offline.
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"));
        cmd.addAll(args);
        Path out = Files.createTempFile(profile.getParent(), "chromium", ".out");
        Path err = Files.createTempFile(profile.getParent(), "chromium", ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                throw new IllegalStateException("chromium did not finish in 90 s: " + cmd);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("chromium exited with " + p.exitValue() + ": "
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
