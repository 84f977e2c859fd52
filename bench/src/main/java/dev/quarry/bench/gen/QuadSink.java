package dev.quarry.bench.gen;

import java.io.IOException;

/** Where generated statements go: an N-Quads or a Turtle writer. */
interface QuadSink extends AutoCloseable {

    /** A namespace the following statements use; Turtle declares it, N-Quads ignores it. */
    void declare(Namespace ns) throws IOException;

    /** One statement; {@code graph} null means the default graph. */
    void quad(Term subject, Term.Iri predicate, Term object, Term.Iri graph) throws IOException;

    /** Bytes written so far (before compression). */
    long bytesWritten();

    @Override
    void close() throws IOException;
}
