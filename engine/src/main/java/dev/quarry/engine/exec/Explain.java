package dev.quarry.engine.exec;

import java.util.List;
import java.util.Locale;

/**
 * The executed plan as text: one line per operator, indented by depth, with the rows the
 * planner expected where it estimates them, the rows it produced, the times it was
 * started (once per input row under a nested-loop join) and the time spent inside it
 * (children included); a basic graph pattern lists its patterns in the order run, with
 * the index each one scans and the filters placed after it.
 */
public final class Explain {
    private Explain() {}

    public static String render(PlanNode root, ExecContext cx) {
        StringBuilder sb = new StringBuilder();
        render(root, cx, 0, sb);
        return sb.toString();
    }

    private static void render(PlanNode node, ExecContext cx, int depth, StringBuilder sb) {
        String indent = "  ".repeat(depth);
        sb.append(indent).append(node.describe(cx));
        ExecContext.Profile p = cx.profileOf(node);
        if (p != null) {
            sb.append(String.format(Locale.ROOT, "  (rows %d, started %d, %.3f ms)", p.rows, p.starts, p.nanos / 1e6));
        }
        sb.append('\n');
        List<String> notes = p != null ? p.notes.get() : List.of();
        if (notes.isEmpty() && node instanceof BgpNode b) {
            notes = b.details();
        }
        for (String line : notes) {
            sb.append(indent).append("    ").append(line).append('\n');
        }
        for (PlanNode child : node.children()) {
            render(child, cx, depth + 1, sb);
        }
    }

    /** A row estimate for display: integers as such, small fractions with two digits. */
    static String number(double v) {
        if (v >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
