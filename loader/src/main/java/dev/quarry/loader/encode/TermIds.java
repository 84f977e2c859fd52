package dev.quarry.loader.encode;

/**
 * Where a {@link TermEncoder} gets the ids of dictionary terms: the load's dictionary, or a
 * task-local one (a cluster build numbers each task's terms, then makes the ids global).
 */
public interface TermIds {
    /** The id of the term with these dictionary bytes, assigning one if it is new. */
    long idOf(byte[] term, int off, int len, long hash);
}
