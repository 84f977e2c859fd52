package dev.quarry.endpoint.monitor;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.store.QuadStore;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.apache.jena.atlas.json.JsonObject;

/**
 * {@code POST /backup}: a checkpoint of the running store ({@link QuadStore#backup}) into
 * a new directory named after the UTC time under the operator's {@code --backup-dir}.
 * A write route (token, read-only and origin rules as for updates); refused (403) when
 * the server was started without a backup directory, so that no client can fill a disk
 * the operator did not choose.
 */
public final class BackupHandler implements Handler {
    /** Sorts by time and has no ':' (awkward in file names and shells). */
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private final QuadStore store;
    private final Path backupDir;
    private final Clock clock;

    /** @param backupDir where backups go; null = refuse them */
    public BackupHandler(QuadStore store, Path backupDir, Clock clock) {
        this.store = store;
        this.backupDir = backupDir;
        this.clock = clock;
    }

    /** One backup at a time: two would only compete for the disk, and could pick the same name. */
    @Override
    public synchronized void handle(Exchange ex) {
        if (backupDir == null) {
            throw new HttpError(HttpResponseStatus.FORBIDDEN,
                    "backups are off: start the server with --backup-dir DIR to allow POST /backup");
        }
        Path target = backupDir.resolve(NAME.format(clock.instant()));
        if (Files.exists(target)) {
            throw new HttpError(HttpResponseStatus.CONFLICT, "backup " + target + " already exists; try again");
        }
        long start = System.nanoTime();
        long quads = store.backup(target);
        JsonObject o = new JsonObject();
        o.put("path", target.toString());
        o.put("quads", quads);
        o.put("ms", (System.nanoTime() - start) / 1_000_000);
        ex.respond(HttpResponseStatus.OK, "application/json", o.toString());
    }
}
