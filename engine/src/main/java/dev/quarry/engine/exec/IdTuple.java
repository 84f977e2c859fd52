package dev.quarry.engine.exec;

import java.util.Arrays;

/** Ids compared by value: a hash key for rows, group keys and the like (the array must not change once used as a key). */
record IdTuple(long[] ids) {
    @Override
    public boolean equals(Object o) {
        return o instanceof IdTuple t && Arrays.equals(ids, t.ids);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ids);
    }

    @Override
    public String toString() {
        return Arrays.toString(ids);
    }
}
