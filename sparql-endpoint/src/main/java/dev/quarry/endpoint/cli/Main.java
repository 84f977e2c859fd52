package dev.quarry.endpoint.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code quarry} command line: the main class of the runnable jar. Each subcommand is
 * one class; add new ones to {@code subcommands} below.
 *
 * <p>Errors: every failure ends with exit code {@link #FAILURE} or {@link #USAGE} and ONE
 * line on stderr (see {@link ErrorLine}); {@code -Dquarry.debug=true} adds the stack trace.
 */
@Command(name = "quarry",
        mixinStandardHelpOptions = true,
        description = {
            "An RDF quad store on RocksDB with SPARQL 1.1 (Apache Jena ARQ).",
            "",
            "A store is a directory: load RDF files into it, then query and update it. 'quarry demo' shows it all on the sample data.",
            ""},
        subcommands = {
            LoadCommand.class,
            QueryCommand.class,
            UpdateCommand.class,
            StatsCommand.class,
            DropAllCommand.class,
            BackupCommand.class,
            VerifyCommand.class,
            UpgradeCommand.class,
            IngestCommand.class,
            ExportDictionaryCommand.class,
            DemoCommand.class,
            AotTrainCommand.class,
            ServeCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Callable<Integer> {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;
    /** {@code load}: the load committed, but bad statements were skipped or lines of a file not read. */
    public static final int STATEMENTS_LOST = 3;

    @Spec
    CommandSpec spec;

    /** No subcommand: the usage, on stderr, as a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(System.err);
        return USAGE;
    }

    public static void main(String[] args) {
        bridgeJavaUtilLogging();
        // Output is UTF-8 whatever the platform's default, and buffered: flushed on exit.
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                false, StandardCharsets.UTF_8);
        System.setOut(out);
        int code;
        try {
            code = commandLine().execute(args);
        } finally {
            out.flush();
        }
        System.exit(code);
    }

    /**
     * Sends java.util.logging's records (the JDK's HTTP client, some libraries) to slf4j, so
     * that they follow logback's levels and appenders (logback.xml: warnings only; see
     * ServeLogging for the server's). Logback's LevelChangePropagator keeps JUL's levels in
     * step, so a record below the level costs nothing.
     */
    private static void bridgeJavaUtilLogging() {
        org.slf4j.bridge.SLF4JBridgeHandler.removeHandlersForRootLogger();
        org.slf4j.bridge.SLF4JBridgeHandler.install();
    }

    /** The configured command line: error handlers, and exit codes and version in every command. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler(ErrorLine::onExecutionFailure);
        cl.setParameterExceptionHandler(ErrorLine::onUsageError);
        describeAll(cl);
        return cl;
    }

    /** The same exit code list and --version text for every command, including ones added later. */
    private static void describeAll(CommandLine cl) {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put(OK + "", "success");
        codes.put(FAILURE + "", "failure: bad input (missing file, malformed data, bad query), a store error"
                + " (locked, not a Quarry store) or, for verify, problems found");
        codes.put(USAGE + "", "usage error: unknown command or option, missing or bad argument");
        if ("load".equals(cl.getCommandName())) {
            codes.put(STATEMENTS_LOST + "", "loaded, but statements were not: bad statements skipped or lines of a"
                    + " file not read (see the errors and --report)");
        }
        // The footer ends the exit code list with a line break.
        cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes).footer("");
        cl.getCommandSpec().versionProvider(new VersionProvider());
        cl.getSubcommands().values().forEach(Main::describeAll);
    }
}
