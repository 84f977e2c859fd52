package dev.quarry.endpoint.cli;

import dev.quarry.store.StoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one line on stderr and an exit code: data errors as
 * {@code file:line:col: message} (compiler style, so editors can jump there), the rest
 * as {@code quarry <command>: message}. Stack traces only with {@code -Dquarry.debug=true}.
 */
final class ErrorLine {
    private ErrorLine() {}

    static int onExecutionFailure(Exception e, CommandLine cmd, ParseResult parsed) {
        if (e instanceof ParameterException pe) {
            return onUsageError(pe, new String[0]);
        }
        if (e instanceof CliFailure cf && cf.positioned()) {
            print(e.getMessage(), e);
        } else {
            print(name(cmd) + ": " + describe(e), e);
        }
        return Main.FAILURE;
    }

    static int onUsageError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        print(name(cmd) + ": " + oneLine(e.getMessage()) + " (see '" + name(cmd) + " --help')", e);
        return Main.USAGE;
    }

    /** What went wrong, in words a user can act on. */
    static String describe(Throwable e) {
        if (e instanceof UncheckedIOException u) {
            return describe(u.getCause());
        }
        if (e instanceof NoSuchFileException n) {
            return n.getFile() + ": no such file or directory";
        }
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof CliFailure || e instanceof StoreException || e instanceof IOException
                || e instanceof dev.quarry.loader.LoadException) {
            return oneLine(e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
        }
        // Not an expected kind of failure: say what it is, so it can be reported.
        return "internal error: " + e.getClass().getName() + ": " + oneLine(String.valueOf(e.getMessage()))
                + " (run with -Dquarry.debug=true for the stack trace)";
    }

    static String oneLine(String s) {
        return s.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static String name(CommandLine cmd) {
        return cmd.getCommandSpec().qualifiedName();
    }

    private static void print(String line, Throwable e) {
        System.out.flush(); // keep stdout and stderr in order on a terminal
        System.err.println(oneLine(line));
        if (Boolean.getBoolean("quarry.debug")) {
            e.printStackTrace();
        }
    }
}
