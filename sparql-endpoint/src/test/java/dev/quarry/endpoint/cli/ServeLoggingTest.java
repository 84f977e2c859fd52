package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import dev.quarry.endpoint.ServerFixture;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** The server's log (logback-serve.xml through ServeLogging): start, configuration, shutdown, access lines, no traces for 4xx. */
class ServeLoggingTest {
    private static final Pattern ACCESS = Pattern.compile(
            "access: id=(\\d+) client=127\\.0\\.0\\.1 method=(\\S+) path=(\\S+) op=(\\S+) status=(\\d+) bytes=(\\d+) ms=(\\d+)$");

    @TempDir
    Path tmp;

    @AfterEach
    void quietAgain() {
        ServeLogging.restoreDefault();
    }

    private static ServeLogging logging(String... args) {
        ServeCommand cmd = new ServeCommand();
        new CommandLine(cmd).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args); // as Main's
        return cmd.logging();
    }

    /** Serves with the log in a file, runs {@code requests}, stops the server and logging; the log's lines. */
    private List<String> serveAndLog(ServeLogging logging, java.util.function.Consumer<ServerFixture> requests) throws Exception {
        logging.apply();
        try (ServerFixture f = new ServerFixture(tmp.resolve("store"), ServerFixture.options().authToken("s3cret"))) {
            requests.accept(f);
        }
        ServeLogging.stop(); // drains the access queue and closes the file
        return Files.readAllLines(logging.file());
    }

    @Test
    void serverLogsStartConfigurationShutdownAndOneAccessLinePerRequest() throws Exception {
        Path log = tmp.resolve("logs/quarry.log");
        int[] bodyBytes = new int[1];
        List<String> lines = serveAndLog(logging("--store", "db", "--log-file", log.toString()), f -> {
            f.fill(3);
            HttpResponse<String> r = f.query("SELECT ?o { ?s ?p ?o }", "text/csv");
            assertEquals(200, r.statusCode());
            assertEquals("1", r.headers().firstValue("X-Request-Id").orElseThrow());
            bodyBytes[0] = r.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        });
        String all = String.join("\n", lines);
        assertTrue(all.contains("INFO  [main] QuarryServer: configuration: bind=127.0.0.1 port=0 readOnly=false authToken=set"), all);
        assertFalse(all.contains("s3cret"), "the token is never logged: " + all);
        assertTrue(all.matches("(?s).*QuarryServer: serving .* at http://127\\.0\\.0\\.1:\\d+/sparql.*"), all);
        assertTrue(all.contains("QuarryServer: stopping: no new requests"), all);
        assertTrue(all.contains("QuarryServer: stopped listening on port"), all);

        List<Matcher> access = lines.stream().map(ACCESS::matcher).filter(Matcher::find).toList();
        assertEquals(1, access.size(), all);
        Matcher m = access.getFirst();
        assertEquals("1", m.group(1));
        assertEquals("GET", m.group(2));
        assertEquals("/sparql", m.group(3), "the path, without the query string");
        assertEquals("query", m.group(4));
        assertEquals("200", m.group(5));
        assertEquals(bodyBytes[0], Integer.parseInt(m.group(6)), "bytes: the body as sent");
        assertTrue(Long.parseLong(m.group(7)) >= 0);
    }

    @Test
    void aClientErrorIsAnAccessLineWithoutAStackTrace() throws Exception {
        List<String> lines = serveAndLog(logging("--store", "db", "--log-file", tmp.resolve("q.log").toString()), f -> {
            assertEquals(400, f.query("SELEKT * { ?s ?p ?o }", null).statusCode());
            assertEquals(400, f.query("SELECT * { VALUES (?a ?a) { (1 2) } }", null).statusCode());
            assertEquals(401, f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }").statusCode());
        });
        String all = String.join("\n", lines);
        assertEquals(3, lines.stream().filter(l -> ACCESS.matcher(l).find() && l.contains("status=4")).count(), all);
        assertFalse(all.contains("\tat ") || all.contains("Exception") || all.contains("WARN") || all.contains("ERROR"), all);
    }

    @Test
    void accessLogOffLeavesTheServersOwnLines() throws Exception {
        List<String> lines = serveAndLog(logging("--store", "db", "--access-log=off", "--log-file", tmp.resolve("a.log").toString()),
                f -> assertEquals(200, f.query("ASK { ?s ?p ?o }", null).statusCode()));
        String all = String.join("\n", lines);
        assertTrue(all.contains("QuarryServer: serving"), all);
        assertFalse(all.contains("access:"), all);
    }

    @Test
    void warnLevelHidesTheInfoLines() throws Exception {
        List<String> lines = serveAndLog(logging("--store", "db", "--log-level", "WARN", "--log-file", tmp.resolve("w.log").toString()),
                f -> assertEquals(200, f.query("ASK { ?s ?p ?o }", null).statusCode()));
        assertFalse(String.join("\n", lines).contains("serving"), String.join("\n", lines));
    }

    @Test
    void badLogOptionsAreOneLineErrors() throws Exception {
        Path notADir = Files.writeString(tmp.resolve("plain-file"), "x");
        IllegalArgumentException file = assertThrows(IllegalArgumentException.class,
                () -> logging("--store", "db", "--log-file", notADir.resolve("quarry.log").toString()).apply());
        assertTrue(file.getMessage().startsWith("--log-file " + notADir.resolve("quarry.log")), file.getMessage());
        assertFalse(file.getMessage().contains("\n"), file.getMessage());

        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> logging("--store", "db", "--log-max-size", "lots"));
        assertEquals("--log-max-size: not a size: 'lots' (e.g. 100MB, 2GB)", size.getMessage());
        assertThrows(IllegalArgumentException.class, () -> logging("--store", "db", "--log-level", "loud"));
        assertThrows(IllegalArgumentException.class, () -> logging("--store", "db", "--log-max-history", "0"));
        assertThrows(CommandLine.ParameterException.class, () -> logging("--store", "db", "--access-log=maybe"));
    }

    @Test
    void defaultsAreInfoOnStderrWithTheAccessLog() {
        ServeLogging d = logging("--store", "db");
        assertEquals("INFO", d.level());
        assertTrue(d.accessLog());
        assertEquals(null, d.file());
        assertEquals(ServeLogging.Roll.DAILY, d.roll());
    }

    @Test
    void theWarmUpsAccessLinesAreFormattedAsTheRealOnesButNotWritten() throws Exception {
        Path log = tmp.resolve("w.log");
        logging("--store", "db", "--log-file", log.toString()).apply();
        ch.qos.logback.classic.Logger access = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(ServeLogging.ACCESS_LOGGER);
        Runnable restore = ServeLogging.quietWarmUp();
        BatchingAppender warm = (BatchingAppender) access.getAppender(ServeLogging.WARM_UP_ACCESS);
        assertNotNull(warm, "the warm-up's appender replaces the access log's own");
        @SuppressWarnings("unchecked")
        OutputStreamAppender<ILoggingEvent> out = (OutputStreamAppender<ILoggingEvent>) warm.getAppender(ServeLogging.WARM_UP_ACCESS + "-output");
        ByteArrayOutputStream formatted = new ByteArrayOutputStream();
        out.setOutputStream(formatted); // instead of nowhere, to see what it formats
        LoggerFactory.getLogger(ServeLogging.ACCESS_LOGGER).info("id=1 during the warm-up");
        restore.run(); // drains the warm-up's appender
        assertNull(access.getAppender(ServeLogging.WARM_UP_ACCESS));
        assertTrue(formatted.toString(StandardCharsets.UTF_8)
                .matches("\\d{4}-\\d\\d-\\d\\dT\\S+ INFO  \\[main\\] access: id=1 during the warm-up\\R"), formatted.toString());
        LoggerFactory.getLogger(ServeLogging.ACCESS_LOGGER).info("id=2 after the warm-up");
        ServeLogging.stop();
        String all = Files.readString(log);
        assertFalse(all.contains("during the warm-up"), all);
        assertTrue(all.matches("(?s).* INFO  \\[main\\] access: id=2 after the warm-up\\R"), all);
    }

    @Test
    void withTheAccessLogOffTheWarmUpMakesNoAccessLines() throws Exception {
        logging("--store", "db", "--access-log=off", "--log-file", tmp.resolve("off.log").toString()).apply();
        ch.qos.logback.classic.Logger access = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(ServeLogging.ACCESS_LOGGER);
        Runnable restore = ServeLogging.quietWarmUp();
        assertNull(access.getAppender(ServeLogging.WARM_UP_ACCESS));
        assertFalse(access.isInfoEnabled());
        restore.run();
        assertFalse(access.isInfoEnabled(), "still off");
    }
}
