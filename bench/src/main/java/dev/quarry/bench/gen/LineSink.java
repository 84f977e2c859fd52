package dev.quarry.bench.gen;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One statement per line, {@code s p o [g] .}: the shared part of the N-Quads and Turtle
 * writers, which differ only in how an IRI is spelled and whether graphs are written.
 * The generator never produces characters that need escaping, so none is done.
 */
abstract class LineSink implements QuadSink {
    protected final Utf8Output out;
    private final boolean writeGraphs;

    LineSink(OutputStream stream, boolean writeGraphs) {
        this.out = new Utf8Output(stream);
        this.writeGraphs = writeGraphs;
    }

    /** Writes an IRI in this syntax. */
    protected abstract void iri(Term.Iri iri) throws IOException;

    @Override
    public final void quad(Term s, Term.Iri p, Term o, Term.Iri g) throws IOException {
        term(s);
        out.ascii(' ');
        iri(p);
        out.ascii(' ');
        term(o);
        if (g != null && writeGraphs) {
            out.ascii(' ');
            iri(g);
        }
        out.ascii(' ');
        out.ascii('.');
        out.ascii('\n');
    }

    private void term(Term t) throws IOException {
        switch (t) {
            case Term.Iri i -> iri(i);
            case Term.Blank b -> {
                out.ascii('_');
                out.ascii(':');
                out.text(b.label());
            }
            case Term.Literal l -> {
                out.ascii('"');
                out.text(l.lexical());
                out.ascii('"');
                if (l.lang() != null) {
                    out.ascii('@');
                    out.text(l.lang());
                } else if (l.datatype() != null) {
                    out.ascii('^');
                    out.ascii('^');
                    iri(l.datatype());
                }
            }
        }
    }

    @Override
    public final long bytesWritten() {
        return out.bytesWritten();
    }

    @Override
    public final void close() throws IOException {
        out.close();
    }
}
