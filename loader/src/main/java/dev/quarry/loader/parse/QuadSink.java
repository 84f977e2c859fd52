package dev.quarry.loader.parse;

/** Receives encoded quads, ids in (s, p, o, g) order. */
@FunctionalInterface
public interface QuadSink {
    void quad(long s, long p, long o, long g);
}
