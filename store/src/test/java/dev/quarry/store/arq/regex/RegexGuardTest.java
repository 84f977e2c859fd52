package dev.quarry.store.arq.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.function.FunctionEnvBase;
import org.apache.jena.sparql.util.ExprUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * REGEX and REPLACE with catastrophic backtracking ran past every timeout and
 * cancellation; the guarded versions stop when the query's stop condition turns true,
 * and otherwise answer exactly as ARQ's own.
 */
class RegexGuardTest {
    /** 60 x "a" against (.*a){12}x: exponential backtracking, minutes to hours. */
    private static final String BOMB_INPUT = "\"" + "a".repeat(60) + "\"";

    private static NodeValue eval(Expr e) {
        return e.eval(BindingFactory.empty(), new FunctionEnvBase());
    }

    @Test
    @Timeout(60) // a safety net only: without the guard the match runs for hours
    void aBacktrackingRegexStopsWhenItsQueryIsCancelled() throws Exception {
        Expr bomb = RegexGuard.guard(ExprUtils.parse("REGEX(" + BOMB_INPUT + ", \"(.*a){12}x\")"));
        AtomicBoolean cancelled = new AtomicBoolean();
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException ignored) {
                // cancel now
            }
            cancelled.set(true);
        });
        canceller.start();
        try (QueryStop.Scope s = QueryStop.install(cancelled::get)) {
            assertThrows(QueryCancelledException.class, () -> eval(bomb));
        }
        assertTrue(cancelled.get());
    }

    @Test
    @Timeout(60)
    void aBacktrackingReplaceStopsWhenItsQueryIsCancelled() {
        Expr bomb = RegexGuard.guard(ExprUtils.parse("REPLACE(" + BOMB_INPUT + ", \"(.*a){12}x\", \"b\")"));
        try (QueryStop.Scope s = QueryStop.install(() -> true)) {
            assertThrows(QueryCancelledException.class, () -> eval(bomb));
        }
    }

    @Test
    void guardedRegexAndReplaceAnswerAsArq() {
        String[] exprs = {
            "REGEX(\"Hello World\", \"world\", \"i\")",
            "REGEX(\"Hello World\", \"^world\")",
            "REGEX(\"a.b\", \".\", \"q\")",
            "REGEX(\"line1\\nline2\", \"^line2$\", \"m\")",
            "REPLACE(\"abcabc\", \"b\", \"X\")",
            "REPLACE(\"abc\"@en, \"(b)\", \"[$1]\")",
            "REPLACE(\"abc\", \"x*\", \"-\")",
            "REPLACE(\"AbC\", \"b\", \"y\", \"i\")",
            "REPLACE(\"abc\"^^<http://www.w3.org/2001/XMLSchema#string>, \"c\", \"d\")",
        };
        try (QueryStop.Scope s = QueryStop.install(() -> false)) {
            for (String text : exprs) {
                Expr plain = ExprUtils.parse(text);
                Expr guarded = RegexGuard.guard(plain);
                assertTrue(guarded instanceof GuardedRegex || guarded instanceof GuardedReplace, text);
                assertEquals(eval(plain), eval(guarded), text);
            }
        }
    }

    @Test
    void badFlagsAreTheSameEvaluationErrorAsArqs() {
        Expr guarded = RegexGuard.guard(ExprUtils.parse("REGEX(\"a\", \"a\", ?flags)"));
        assertThrows(ExprEvalException.class, () -> guarded.eval(
                BindingFactory.binding(org.apache.jena.sparql.core.Var.alloc("flags"),
                        org.apache.jena.graph.NodeFactory.createLiteralString("z")), new FunctionEnvBase()));
    }
}
