package dev.quarry.endpoint.cli;

import dev.quarry.store.error.StoreException;
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
        String unknown = unknownOptions(cmd, args);
        print(name(cmd) + ": " + (unknown.isEmpty() ? "" : unknown + "; ") + oneLine(e.getMessage())
                + " (see '" + name(cmd) + " --help')", e);
        return Main.USAGE;
    }

    /**
     * The arguments that look like options of this command but are none, named: picocli
     * takes a mistyped option ({@code --stor}) for a file name, and then only reports the
     * option it misses ({@code --store}), which does not say what was wrong.
     */
    private static String unknownOptions(CommandLine cmd, String[] args) {
        java.util.List<String> unknown = new java.util.ArrayList<>();
        for (String a : args) {
            if (a.startsWith("-") && a.length() > 1 && !a.equals("--")) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                if (cmd.getCommandSpec().findOption(name) == null && cmd.getCommandSpec().subcommands().get(name) == null
                        && !a.matches("-\\d.*")) {
                    unknown.add("'" + name + "'");
                }
            }
        }
        return unknown.isEmpty() ? "" : "unknown option" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown);
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

    /** One line, control characters (ESC, BEL: from file names or data) shown escaped so they do not act on the terminal. */
    static String oneLine(String s) {
        String line = s.strip().replaceAll("\\s*\\R\\s*", " ");
        StringBuilder b = new StringBuilder(line.length());
        line.chars().forEach(c -> {
            if (Character.isISOControl(c) && c != '\t') {
                b.append(String.format("\\x%02x", c));
            } else {
                b.append((char) c);
            }
        });
        return b.toString();
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
