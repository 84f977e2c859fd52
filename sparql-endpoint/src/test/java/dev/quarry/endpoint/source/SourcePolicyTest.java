package dev.quarry.endpoint.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a client may make the server read: files inside the allowed directories only, http only when enabled. */
class SourcePolicyTest {
    @TempDir
    Path tmp;
    Path allowed;
    Path secret;
    SourcePolicy policy;

    @BeforeEach
    void layout() throws Exception {
        allowed = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(allowed.resolve("a.nt"), "<urn:a> <urn:b> <urn:c> .\n");
        Files.createDirectories(allowed.resolve("sub"));
        Files.writeString(allowed.resolve("sub/b.ttl"), "<urn:a> <urn:b> <urn:c> .\n");
        secret = Files.writeString(tmp.resolve("secret.nt"), "<urn:s> <urn:s> <urn:s> .\n");
        policy = new SourcePolicy(List.of(allowed), false);
    }

    private static String uri(Path p) {
        return p.toUri().toString();
    }

    private void refused(String iri, String why) {
        SourceRefusedException e = assertThrows(SourceRefusedException.class, () -> policy.check(iri), iri);
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    @Test
    void filesInsideAnAllowedDirectoryResolveToTheirRealPath() throws Exception {
        SourcePolicy.Allowed a = policy.check(uri(allowed.resolve("a.nt")));
        assertEquals(new SourcePolicy.LocalFile(allowed.resolve("a.nt").toRealPath()), a);
        assertInstanceOf(SourcePolicy.LocalFile.class, policy.check(uri(allowed.resolve("sub/b.ttl"))));
        assertInstanceOf(SourcePolicy.LocalFile.class, policy.check("file://" + allowed.toRealPath() + "/sub/../a.nt"));
        assertInstanceOf(SourcePolicy.LocalFile.class, policy.check("file://localhost" + allowed.toRealPath() + "/a.nt"));
    }

    @Test
    void nothingIsReadableByDefault() {
        policy = SourcePolicy.none();
        refused(uri(allowed.resolve("a.nt")), "--allow-source");
        refused("file:///etc/passwd", "--allow-source");
        refused("http://127.0.0.1:1/x.ttl", "--allow-http-source");
    }

    @Test
    void etcPasswdAndDotDotEscapesAreRefused() {
        refused("file:///etc/passwd", "outside the directories allowed");
        refused("file://" + allowed + "/../secret.nt", "outside");
        refused("file://" + allowed + "/%2e%2e/secret.nt", "outside");
        refused("file://" + allowed + "/sub/../../secret.nt", "outside");
        refused(uri(allowed), "outside"); // the directory itself is not a file inside it
    }

    @Test
    void linksInADirectoryOthersMayWriteToCannotLeadOutside() throws Exception {
        Files.setPosixFilePermissions(allowed, PosixFilePermissions.fromString("rwxrwxr-x")); // group-writable
        Files.createSymbolicLink(allowed.resolve("link.nt"), secret);
        Files.createSymbolicLink(allowed.resolve("up"), tmp);
        Files.createSymbolicLink(allowed.resolve("etc"), Path.of("/etc"));
        refused(uri(allowed.resolve("link.nt")), "outside");
        refused("file://" + allowed + "/up/secret.nt", "outside");
        refused("file://" + allowed + "/etc/passwd", "outside");
        // A link that stays inside is fine.
        Files.createSymbolicLink(allowed.resolve("alias.nt"), allowed.resolve("a.nt"));
        assertEquals(new SourcePolicy.LocalFile(allowed.resolve("a.nt").toRealPath()), policy.check(uri(allowed.resolve("alias.nt"))));
    }

    @Test
    void linksInADirectoryOnlyItsOwnerMayWriteToAreFollowedToAnotherDisk() throws Exception {
        // The common setup: the data directory, or a directory in it, is a link to another disk.
        Path disk = Files.createDirectories(tmp.resolve("disk2/rdf"));
        Path big = Files.writeString(disk.resolve("big.nt"), "<urn:a> <urn:b> <urn:c> .\n");
        Files.setPosixFilePermissions(allowed, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(allowed.resolve("rdf"), disk);
        Files.createSymbolicLink(allowed.resolve("big.nt"), Path.of("../disk2/rdf/big.nt")); // relative
        assertEquals(new SourcePolicy.LocalFile(big.toRealPath()), policy.check("file://" + allowed + "/rdf/big.nt"));
        assertEquals(new SourcePolicy.LocalFile(big.toRealPath()), policy.check(uri(allowed.resolve("big.nt"))));
        assertEquals(disk.toRealPath(), policy.checkFileOrDirectory("file://" + allowed + "/rdf"));
        // What may be named is still decided on the name: outside it, nothing; and a link
        // in the other disk's group-writable directory is confined again.
        refused(uri(big), "outside");
        refused("file://" + allowed + "/rdf/../../secret.nt", "outside");
        Files.setPosixFilePermissions(disk, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.createSymbolicLink(disk.resolve("planted.nt"), secret);
        refused("file://" + allowed + "/rdf/planted.nt", "others may write to");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> policy.check("file://" + allowed + "/rdf/nope.nt"));
        assertInstanceOf(NoSuchFileException.class, e.getCause());
    }

    @Test
    void anAllowedDirectoryGivenThroughALinkAcceptsBothSpellings() throws Exception {
        Path viaLink = Files.createSymbolicLink(tmp.resolve("data-link"), allowed);
        policy = new SourcePolicy(List.of(viaLink), false);
        assertInstanceOf(SourcePolicy.LocalFile.class, policy.check("file://" + viaLink + "/a.nt"));
        assertInstanceOf(SourcePolicy.LocalFile.class, policy.check(uri(allowed.resolve("a.nt"))));
        assertEquals(List.of(allowed.toRealPath()), policy.roots());
    }

    @Test
    void aMissingFileIsReportedOnlyInsideAnAllowedDirectory() {
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> policy.check(uri(allowed.resolve("nope.nt"))));
        assertInstanceOf(NoSuchFileException.class, e.getCause());
        // Outside, the answer does not say whether the file exists.
        refused(uri(tmp.resolve("nope.nt")), "outside");
        refused(uri(secret), "outside");
    }

    @Test
    void directoriesRemoteHostsAndOtherSchemesAreRefused() {
        refused(uri(allowed.resolve("sub")), "not a regular file");
        refused("file://otherhost" + allowed + "/a.nt", "only local files");
        refused("http://127.0.0.1:1/x.ttl", "--allow-http-source");
        refused("ftp://127.0.0.1/x.ttl", "unsupported source scheme");
        refused("urn:x:y", "unsupported source scheme");
        refused("file:relative.nt", "absolute path");
        policy = new SourcePolicy(List.of(allowed), true);
        assertInstanceOf(SourcePolicy.Remote.class, policy.check("https://192.0.2.1:1/x.ttl"));
    }

    @Test
    void loopbackLinkLocalAndWildcardHostsAreRefusedUnlessNamed() {
        policy = new SourcePolicy(List.of(allowed), HttpSourceHosts.PUBLIC);
        refused("http://127.0.0.1:8080/x.ttl", "host 127.0.0.1 is a loopback address");
        refused("http://127.1.2.3/x.ttl", "loopback");
        refused("http://localhost/x.ttl", "--allow-http-source=localhost");
        refused("http://[::1]/x.ttl", "loopback");
        refused("http://169.254.169.254/latest/meta-data/", "link-local");
        refused("http://[fe80::1]/x.ttl", "link-local");
        refused("http://0.0.0.0/x.ttl", "wildcard");
        assertInstanceOf(SourcePolicy.Remote.class, policy.check("http://192.0.2.1/x.ttl"));

        policy = new SourcePolicy(List.of(allowed), HttpSourceHosts.of(List.of("127.0.0.1", "[::1]", "*")));
        assertInstanceOf(SourcePolicy.Remote.class, policy.check("http://127.0.0.1:8080/x.ttl"));
        assertInstanceOf(SourcePolicy.Remote.class, policy.check("http://[::1]:8080/x.ttl"));
        assertInstanceOf(SourcePolicy.Remote.class, policy.check("http://192.0.2.1/x.ttl"));
        refused("http://169.254.169.254/", "link-local");

        policy = new SourcePolicy(List.of(allowed), HttpSourceHosts.of(List.of("data.example.org")));
        assertInstanceOf(SourcePolicy.Remote.class, policy.check("https://Data.Example.org/x.ttl"));
        refused("http://192.0.2.1/x.ttl", "not one of the hosts allowed with --allow-http-source");
    }

    @Test
    void theGuardChecksEveryRequestedUrlAsTheSourceCheckDoes() {
        policy = new SourcePolicy(List.of(allowed), HttpSourceHosts.PUBLIC);
        java.io.IOException e = assertThrows(java.io.IOException.class,
                () -> policy.httpGuard().check(java.net.URI.create("http://169.254.169.254/latest/")));
        assertTrue(e.getMessage().contains("link-local"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertDoesNotThrow(
                () -> policy.httpGuard().check(java.net.URI.create("http://192.0.2.1/x.ttl")));
    }

    @Test
    void allowedDirectoriesMustExist() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SourcePolicy(List.of(tmp.resolve("missing")), false));
        assertTrue(e.getMessage().contains("no such directory"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SourcePolicy(List.of(secret), false));
    }
}
