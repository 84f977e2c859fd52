package dev.quarry.bench.gen;

import java.io.IOException;
import java.io.OutputStream;

/** Writes one N-Quads line per statement, with full IRIs. */
final class NQuadsSink extends LineSink {

    NQuadsSink(OutputStream stream) {
        super(stream, true);
    }

    @Override
    public void declare(Namespace ns) {
        // N-Quads has no prefixes.
    }

    @Override
    protected void iri(Term.Iri i) throws IOException {
        out.ascii('<');
        out.text(i.ns().iri());
        out.text(i.local());
        out.ascii('>');
    }
}
