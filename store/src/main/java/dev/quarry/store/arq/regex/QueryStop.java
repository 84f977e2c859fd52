package dev.quarry.store.arq.regex;

import java.util.function.BooleanSupplier;
import org.apache.jena.query.QueryCancelledException;

/**
 * The stop condition of the query running on this thread (cancelled, or past its
 * deadline), for code deep inside an evaluation that has no other way to ask, such as a
 * regular expression matcher. Set by whoever runs the query, on the query's thread.
 */
public final class QueryStop {
    private static final ThreadLocal<BooleanSupplier> CURRENT = new ThreadLocal<>();

    private QueryStop() {
    }

    /** While the returned scope is open, {@link #check()} on this thread throws once {@code stop} is true. */
    public static Scope install(BooleanSupplier stop) {
        BooleanSupplier outer = CURRENT.get();
        CURRENT.set(stop);
        return () -> {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        };
    }

    /** The stop condition of this thread's query; null if none was installed. */
    static BooleanSupplier current() {
        return CURRENT.get();
    }

    /** Throws {@link QueryCancelledException} if this thread's query should stop. */
    public static void check() {
        BooleanSupplier s = CURRENT.get();
        if (s != null && s.getAsBoolean()) {
            throw new QueryCancelledException();
        }
    }

    /** An installed stop condition; closing it restores the one before. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
