package dev.quarry.loader;

/**
 * NEW loads every feed in one commit. RESUME skips feeds an earlier commit recorded and
 * commits feed groups as they finish, so a killed RESUME load keeps whole groups.
 * (The HTTP loader's AUTO is chosen from its job history, not here.)
 */
public enum LoadMode {
    NEW, RESUME
}
