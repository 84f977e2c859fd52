package dev.quarry.engine.plan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.sparql.core.Var;

/** The row layout of one query: a slot per variable, numbered as the compiler meets them. */
public final class VarSlots {
    private final Map<Var, Integer> slots = new HashMap<>();
    private final List<Var> vars = new ArrayList<>();

    /** The slot of {@code v}, allocated on first use. */
    public int slot(Var v) {
        Integer s = slots.get(v);
        if (s == null) {
            s = vars.size();
            slots.put(v, s);
            vars.add(v);
        }
        return s;
    }

    /** The slot of {@code v}, or -1 if the query has not used it. */
    public int find(Var v) {
        Integer s = slots.get(v);
        return s == null ? -1 : s;
    }

    public int[] slots(Collection<Var> vs) {
        return vs.stream().mapToInt(this::slot).toArray();
    }

    public Var[] vars() {
        return vars.toArray(new Var[0]);
    }

    public int size() {
        return vars.size();
    }
}
