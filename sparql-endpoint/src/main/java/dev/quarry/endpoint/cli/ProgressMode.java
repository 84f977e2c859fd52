package dev.quarry.endpoint.cli;

/** {@code --progress}: how {@code quarry load} shows its progress on stderr. */
enum ProgressMode {
    /** One line redrawn in place if stderr is a terminal, else a log line every few seconds. */
    AUTO,
    /** One line redrawn in place, terminal or not. */
    ALWAYS,
    /** No progress lines (bad statements and warnings are still printed). */
    NEVER;

    LoadProgressPrinter.Display display(boolean stderrIsTerminal) {
        return switch (this) {
            case AUTO -> stderrIsTerminal ? LoadProgressPrinter.Display.REDRAW : LoadProgressPrinter.Display.LOG;
            case ALWAYS -> LoadProgressPrinter.Display.REDRAW;
            case NEVER -> LoadProgressPrinter.Display.NONE;
        };
    }
}
