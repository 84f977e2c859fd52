package dev.quarry.endpoint.cli;

import dev.quarry.store.QuadStore;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the build's version (from the jar manifest) and the store format it reads. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {
            "quarry " + (v != null ? v : "(development build, not from the jar)"),
            "store format " + QuadStore.FORMAT_VERSION,
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }
}
