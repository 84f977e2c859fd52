package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.server.ServerOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The serve command's safety options become server options; the defaults allow nothing. */
class ServeCommandTest {
    @TempDir
    Path tmp;

    private static ServerOptions parse(String... args) {
        ServeCommand cmd = new ServeCommand();
        new CommandLine(cmd).parseArgs(args);
        return cmd.options();
    }

    @Test
    void defaultsReadNoSourceAndCallNoService() {
        ServerOptions o = parse("--store", "db");
        assertTrue(o.sources().roots().isEmpty());
        assertFalse(o.sources().allowHttp());
        assertFalse(o.serviceEnabled());
        assertEquals("127.0.0.1", o.bind());
    }

    @Test
    void allowSourceIsRepeatableAndTheSwitchesTurnOn() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        ServerOptions o = parse("--store", "db", "--allow-source", a.toString(), "--allow-source", b.toString(),
                "--allow-http-source", "--enable-service");
        assertEquals(List.of(a.toRealPath(), b.toRealPath()), o.sources().roots());
        assertTrue(o.sources().allowHttp());
        assertTrue(o.serviceEnabled());
    }

    @Test
    void backupsAreOffByDefaultAndBackupDirIsMadeAbsolute() {
        assertEquals(null, parse("--store", "db").backupDir());
        ServerOptions o = parse("--store", "db", "--backup-dir", "bk");
        assertEquals(Path.of("bk").toAbsolutePath().normalize(), o.backupDir());
    }

    @Test
    void aMissingAllowedDirectoryIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse("--store", "db", "--allow-source", tmp.resolve("nope").toString()));
        assertTrue(e.getMessage().contains("no such directory"), e.getMessage());
    }

    @Test
    void loaderJobRetentionDefaultsToNeptunesAndIsConfigurable() {
        ServerOptions d = parse("--store", "db");
        assertEquals(1024, d.loadJobRetention().kept());
        assertTrue(d.loadJobRetention().maxAge().isZero());
        ServerOptions o = parse("--store", "db", "--loader-jobs-kept", "5", "--loader-job-max-age", "1.5");
        assertEquals(5, o.loadJobRetention().kept());
        assertEquals(java.time.Duration.ofHours(36), o.loadJobRetention().maxAge());
        assertThrows(IllegalArgumentException.class, () -> parse("--store", "db", "--loader-jobs-kept", "0"));
        assertThrows(IllegalArgumentException.class, () -> parse("--store", "db", "--loader-job-max-age", "-1"));
    }

    @Test
    void cacheSizeDefaultsToAnEighthOfMemoryAndIsConfigurable() {
        ServeCommand dflt = new ServeCommand();
        new CommandLine(dflt).parseArgs("--store", "db");
        long d = dflt.storeOptions().blockCacheBytes();
        assertEquals(ServeCommand.defaultCacheBytes(), d);
        assertTrue(d >= 256L << 20, "at least 256 MB: " + d);

        ServeCommand set = new ServeCommand();
        new CommandLine(set).parseArgs("--store", "db", "--cache-size", "2g", "--read-only");
        assertEquals(2L << 30, set.storeOptions().blockCacheBytes());
        assertTrue(set.storeOptions().readOnly());

        ServeCommand bad = new ServeCommand();
        new CommandLine(bad).parseArgs("--store", "db", "--cache-size", "lots");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::storeOptions);
        assertTrue(e.getMessage().startsWith("--cache-size: not a size: 'lots'"), e.getMessage());
    }

    @Test
    void compressionIsOnFromOneKibAndCanBeTurnedOff() {
        assertEquals(1024, parse("--store", "db").compressionMinBytes());
        assertEquals(4096, parse("--store", "db", "--compression-min-bytes", "4096").compressionMinBytes());
        ServeCommand off = new ServeCommand();
        new CommandLine(off).setCaseInsensitiveEnumValuesAllowed(true).parseArgs("--store", "db", "--compression=off");
        assertEquals(-1, off.options().compressionMinBytes());
        assertThrows(IllegalArgumentException.class, () -> parse("--store", "db", "--compression-min-bytes", "-5"));
    }
}
