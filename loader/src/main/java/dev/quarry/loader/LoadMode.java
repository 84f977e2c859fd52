package dev.quarry.loader;

/** NEW loads every feed; RESUME skips feeds an earlier committed load recorded. */
public enum LoadMode {
    NEW, RESUME
}
