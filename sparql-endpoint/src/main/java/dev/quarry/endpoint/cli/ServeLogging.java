package dev.quarry.endpoint.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.util.FileSize;
import dev.quarry.endpoint.http.HttpServer;
import dev.quarry.endpoint.server.QuarryServer;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/**
 * Switches logback from the quiet default of every command (logback.xml) to the server's
 * (logback-serve.xml): INFO lines, the access log, and a rolled log file if asked for.
 * The settings are properties of that file, so an operator can copy it and pass their own
 * with {@code -Dlogback.configurationFile}, which is then left alone.
 *
 * @param level      the level of the server's and the libraries' lines (access lines are INFO)
 * @param accessLog  one line per request (logger {@code quarry.access})
 * @param file       the log file; null = stderr
 * @param roll       how often the file is rolled over besides at {@code maxFileSize}
 * @param maxFileSize the size at which the file is rolled over (logback's syntax: 100MB, 1GB)
 * @param maxHistory rolled files kept, in periods of {@code roll}
 * @param totalSizeCap the most all rolled files may take; the oldest go first
 */
record ServeLogging(String level, boolean accessLog, Path file, Roll roll, String maxFileSize, int maxHistory,
                    String totalSizeCap) {

    /** The access log's logger (see {@code AccessLog}). */
    static final String ACCESS_LOGGER = "quarry.access";
    /** The name of the appender that formats and drops the access lines of the warm-up. */
    static final String WARM_UP_ACCESS = "ACCESS-warm-up";

    /** The rollover period of the log file. */
    enum Roll {
        DAILY("yyyy-MM-dd"), HOURLY("yyyy-MM-dd_HH");

        final String datePattern;

        Roll(String datePattern) {
            this.datePattern = datePattern;
        }
    }

    ServeLogging {
        String l = level.toUpperCase(Locale.ROOT);
        if (!List.of("ERROR", "WARN", "INFO", "DEBUG", "TRACE").contains(l)) {
            throw new IllegalArgumentException("--log-level must be error, warn, info, debug or trace, not '" + level + "'");
        }
        level = l;
        checkSize("--log-max-size", maxFileSize);
        checkSize("--log-total-size", totalSizeCap);
        if (maxHistory < 1) {
            throw new IllegalArgumentException("--log-max-history must be at least 1, not " + maxHistory);
        }
    }

    private static void checkSize(String option, String size) {
        try {
            FileSize.valueOf(size);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": not a size: '" + size + "' (e.g. 100MB, 2GB)", e);
        }
    }

    /** Whether the operator configures logback themselves (then nothing here applies). */
    static boolean ownConfiguration() {
        return System.getProperty("logback.configurationFile") != null;
    }

    /**
     * Reconfigures logback for the server; a log file that cannot be opened is an
     * IllegalArgumentException with logback's reason, and logging stays as it was.
     */
    void apply() {
        if (ownConfiguration()) {
            return;
        }
        String error = configure(this);
        if (error != null) {
            restoreDefault(); // so that the failure itself is reported sanely
            throw new IllegalArgumentException("--log-file " + file + ": " + error);
        }
    }

    /** Back to the quiet logging of every command (logback.xml). */
    static void restoreDefault() {
        configure(null);
    }

    /** Configures logback with logback-serve.xml for {@code serve}, or logback.xml if null; the errors, or null. */
    private static String configure(ServeLogging serve) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        if (!context.isStarted()) {
            context.start(); // after stop(), in tests that start a server again
        }
        context.getStatusManager().clear();
        if (serve != null) {
            context.putProperty("quarry.log.level", serve.level);
            context.putProperty("quarry.access.level", serve.accessLog ? "INFO" : "OFF");
            context.putProperty("quarry.log.appender", serve.file == null ? "CONSOLE" : "FILE");
            context.putProperty("quarry.log.file", serve.file == null ? "" : serve.file.toAbsolutePath().toString());
            context.putProperty("quarry.log.rollPattern", serve.roll.datePattern);
            context.putProperty("quarry.log.maxFileSize", serve.maxFileSize);
            context.putProperty("quarry.log.maxHistory", Integer.toString(serve.maxHistory));
            context.putProperty("quarry.log.totalSizeCap", serve.totalSizeCap);
        }
        URL config = ServeLogging.class.getResource(serve != null ? "/logback-serve.xml" : "/logback.xml");
        JoranConfigurator joran = new JoranConfigurator();
        joran.setContext(context);
        try {
            joran.doConfigure(config);
        } catch (JoranException e) {
            return e.getMessage();
        }
        String errors = context.getStatusManager().getCopyOfStatusList().stream()
                .filter(s -> s.getEffectiveLevel() >= Status.ERROR)
                .map(s -> s.getMessage() + (s.getThrowable() == null ? "" : ": " + s.getThrowable().getMessage()))
                .collect(Collectors.joining("; "));
        return errors.isEmpty() ? null : errors;
    }

    /**
     * Until the returned action runs: no access lines in the log, and only warnings from the
     * server's own start and stop (those of the private server of
     * {@link dev.quarry.endpoint.server.WarmUp}). The warm-up's access lines are still made and
     * formatted as the real ones will be, then dropped: otherwise the first real requests
     * compiled logback's whole path (about 250 methods of logback, slf4j and java.time's
     * formatting in the first official BSBM driver run, -XX:+PrintCompilation).
     */
    static Runnable quietWarmUp() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return () -> { };
        }
        String[] names = {QuarryServer.class.getName(), HttpServer.class.getPackageName()};
        Level[] before = new Level[names.length];
        for (int i = 0; i < names.length; i++) {
            before[i] = context.getLogger(names[i]).getLevel();
            context.getLogger(names[i]).setLevel(Level.WARN);
        }
        Runnable restoreAccess = dropAccessLines(context, context.getLogger(ACCESS_LOGGER));
        return () -> {
            restoreAccess.run();
            for (int i = 0; i < names.length; i++) {
                context.getLogger(names[i]).setLevel(before[i]);
            }
        };
    }

    /** Runs {@code warmUp} with the logging of {@link #quietWarmUp}, put back afterwards whatever happens. */
    static <T> T quietDuringWarmUp(Supplier<T> warmUp) {
        Runnable restore = quietWarmUp();
        try {
            return warmUp.get();
        } finally {
            restore.run();
        }
    }

    /**
     * Sends {@code access}'s lines, until the returned action runs, through an appender of the
     * same kind as its own (batching, then the same pattern) that writes them nowhere. With the
     * access log off, or not written with a pattern (an operator's own configuration), the
     * logger is switched off instead.
     */
    private static Runnable dropAccessLines(LoggerContext context, ch.qos.logback.classic.Logger access) {
        List<Appender<ILoggingEvent>> own = new ArrayList<>();
        access.iteratorForAppenders().forEachRemaining(own::add);
        String pattern = access.isInfoEnabled() ? patternOf(own) : null;
        if (pattern == null) {
            Level before = access.getLevel();
            access.setLevel(Level.OFF);
            return () -> access.setLevel(before);
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(pattern);
        encoder.start();
        OutputStreamAppender<ILoggingEvent> nowhere = new OutputStreamAppender<>();
        nowhere.setContext(context);
        nowhere.setName(WARM_UP_ACCESS + "-output");
        nowhere.setEncoder(encoder);
        nowhere.setOutputStream(OutputStream.nullOutputStream());
        nowhere.start();
        BatchingAppender batching = new BatchingAppender();
        batching.setContext(context);
        batching.setName(WARM_UP_ACCESS);
        batching.addAppender(nowhere);
        batching.start();
        own.forEach(access::detachAppender);
        access.addAppender(batching);
        return () -> {
            access.detachAppender(batching);
            batching.stop();
            nowhere.stop();
            own.forEach(access::addAppender);
        };
    }

    /** The pattern the first of {@code appenders} (or of the appenders a batching one feeds) writes with, or null. */
    private static String patternOf(List<Appender<ILoggingEvent>> appenders) {
        for (Appender<ILoggingEvent> a : appenders) {
            if (a instanceof BatchingAppender batching) {
                List<Appender<ILoggingEvent>> fed = new ArrayList<>();
                batching.iteratorForAppenders().forEachRemaining(fed::add);
                String p = patternOf(fed);
                if (p != null) {
                    return p;
                }
            } else if (a instanceof OutputStreamAppender<ILoggingEvent> out
                    && out.getEncoder() instanceof PatternLayoutEncoder encoder) {
                return encoder.getPattern();
            }
        }
        return null;
    }

    /** Writes out what is queued (access lines) and closes the log file: the last thing a server does. */
    static void stop() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            // Batched lines first, while the appenders they go to are still open (the context
            // stops the root's appenders before those of other loggers).
            for (ch.qos.logback.classic.Logger logger : context.getLoggerList()) {
                logger.iteratorForAppenders().forEachRemaining(a -> {
                    if (a instanceof BatchingAppender batching) {
                        batching.stop();
                    }
                });
            }
            context.stop();
        }
    }
}
