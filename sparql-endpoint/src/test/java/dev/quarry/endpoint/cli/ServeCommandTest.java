package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.server.ServerOptions;
import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.endpoint.source.SourceRefusedException;
import dev.quarry.store.StoreOptions;
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
    void allowHttpSourceTakesAHostList() {
        ServerOptions alone = parse("--store", "db", "--allow-http-source");
        SourcePolicy.Allowed remote = alone.sources().check("http://192.0.2.1/x.nt");
        assertInstanceOf(SourcePolicy.Remote.class, remote);
        assertThrows(SourceRefusedException.class, () -> alone.sources().check("http://127.0.0.1/x.nt"));
        ServerOptions named = parse("--store", "db", "--allow-http-source=localhost,data.example.org", "--read-only");
        assertInstanceOf(SourcePolicy.Remote.class, named.sources().check("http://localhost:8080/x.nt"));
        assertInstanceOf(SourcePolicy.Remote.class, named.sources().check("https://DATA.example.org/x.nt"));
        SourceRefusedException e = assertThrows(SourceRefusedException.class,
                () -> named.sources().check("http://192.0.2.1/x.nt"));
        assertTrue(e.getMessage().contains("not one of the hosts allowed"), e.getMessage());
        assertTrue(named.readOnly());
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

        assertEquals(StoreOptions.DEFAULT_PREDICATE_TABLE_BYTES, dflt.storeOptions().predicateTableBytes());
        ServeCommand tables = new ServeCommand();
        new CommandLine(tables).parseArgs("--store", "db", "--table-memory", "64m");
        assertEquals(64L << 20, tables.storeOptions().predicateTableBytes());

        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> new CommandLine(new ServeCommand()).parseArgs("--store", "db", "--cache-size", "lots"));
        assertEquals("Invalid value for option '--cache-size': not a size: 'lots' (write e.g. 512m or 2g)", e.getMessage());
    }

    @Test
    void compressionIsOnFromOneKibAndCanBeTurnedOff() {
        assertEquals(1024, parse("--store", "db").compressionMinBytes());
        assertEquals(4096, parse("--store", "db", "--compression-min-bytes", "4096").compressionMinBytes());
        ServeCommand off = new ServeCommand();
        new CommandLine(off).setCaseInsensitiveEnumValuesAllowed(true).parseArgs("--store", "db", "--compression=off");
        assertEquals(-1, off.options().compressionMinBytes());
        CommandLine.ParameterException bad = assertThrows(CommandLine.ParameterException.class,
                () -> parse("--store", "db", "--compression-min-bytes", "-5"));
        assertTrue(bad.getMessage().contains("'--compression-min-bytes'") && bad.getMessage().contains("-5"), bad.getMessage());
        assertEquals(16384, parse("--store", "db", "--compression-min-bytes", "16k").compressionMinBytes());
    }
}
