package dev.quarry.endpoint.cli;

/** How {@code query} prints results: the first five for SELECT/ASK, the rest for CONSTRUCT/DESCRIBE. */
enum ResultFormat {
    TABLE(true), JSON(true), CSV(true), TSV(true), XML(true),
    TURTLE(false), NTRIPLES(false), NQUADS(false), TRIG(false);

    private final boolean forSolutions;

    ResultFormat(boolean forSolutions) {
        this.forSolutions = forSolutions;
    }

    /** For SELECT and ASK results (else for the RDF of CONSTRUCT and DESCRIBE). */
    boolean forSolutions() {
        return forSolutions;
    }
}
