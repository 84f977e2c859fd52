package dev.quarry.endpoint.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /backup}: a write route, off unless the server has a backup directory. */
class BackupRouteTest {
    @TempDir
    Path dir;

    private static HttpResponse<String> backup(ServerFixture f, String... headers) {
        return f.post("/backup", "text/plain", "", headers);
    }

    @Test
    void withABackupDirTheRouteWritesAStoreThatOpensWithEveryQuad() {
        Path backups = dir.resolve("backups");
        JsonObject answer;
        try (ServerFixture f = new ServerFixture(dir.resolve("store"), ServerFixture.options().backupDir(backups))) {
            f.fill(25);
            HttpResponse<String> r = backup(f);
            assertEquals(200, r.statusCode(), r.body());
            answer = JSON.parse(r.body());
            assertEquals(25, answer.get("quads").getAsNumber().value().longValue());
            assertTrue(answer.get("ms").getAsNumber().value().longValue() >= 0);
            assertEquals(204, f.update("INSERT DATA { <urn:ex:after> <urn:ex:p> 1 }").statusCode());
        }
        Path path = Path.of(answer.get("path").getAsString().value());
        assertEquals(backups, path.getParent());
        assertTrue(path.getFileName().toString().matches("\\d{8}T\\d{6}\\.\\d{3}Z"), path.toString());
        try (QuadStore copy = QuadStore.open(path)) {
            assertEquals(25, copy.stats().quads(), "the backup holds the quads before it, not the insert after it");
            assertTrue(StoreValidator.validate(copy).ok());
        }
    }

    @Test
    void withoutABackupDirTheRouteIsRefusedWithTheOptionToUse() throws Exception {
        try (ServerFixture f = new ServerFixture(dir.resolve("store"), ServerFixture.options())) {
            HttpResponse<String> r = backup(f);
            assertEquals(403, r.statusCode());
            assertTrue(r.body().contains("--backup-dir"), r.body());
            assertFalse(r.body().strip().contains("\n"), "one line: " + r.body());
        }
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count(), "nothing written besides the store");
        }
    }

    @Test
    void theAuthTokenIsRequiredWhenSet() {
        Path backups = dir.resolve("backups");
        try (ServerFixture f = new ServerFixture(dir.resolve("store"),
                ServerFixture.options().backupDir(backups).authToken("s3cret"))) {
            assertEquals(401, backup(f).statusCode());
            assertEquals(401, backup(f, "Authorization", "Bearer wrong").statusCode());
            assertTrue(Files.notExists(backups), "a refused request wrote nothing");
            assertEquals(200, backup(f, "Authorization", "Bearer s3cret").statusCode());
        }
    }

    @Test
    void aReadOnlyServerRefusesBackupsAsEveryWrite() {
        try (ServerFixture f = new ServerFixture(dir.resolve("store"),
                ServerFixture.options().backupDir(dir.resolve("backups")).readOnly(true))) {
            assertEquals(403, backup(f).statusCode());
        }
        assertTrue(Files.notExists(dir.resolve("backups")));
    }
}
