package dev.quarry.bench.gen;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes Turtle: an {@code @prefix} line for each namespace when the generator first uses it
 * (Turtle allows directives anywhere), then one {@code s p o .} line per statement with
 * prefixed names. Graph names are dropped: the file holds the triples of all graphs.
 */
final class TurtleSink extends LineSink {

    TurtleSink(OutputStream stream) {
        super(stream, false);
    }

    @Override
    public void declare(Namespace ns) throws IOException {
        out.text("@prefix ");
        out.text(ns.prefix());
        out.text(": <");
        out.text(ns.iri());
        out.text("> .\n");
    }

    @Override
    protected void iri(Term.Iri i) throws IOException {
        out.text(i.ns().prefix());
        out.ascii(':');
        out.text(i.local());
    }
}
