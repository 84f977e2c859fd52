package dev.quarry.bench.gen;

/**
 * An IRI namespace and the Turtle prefix the generator declares for it. Instances are made
 * on the fly (no registry), so the number of namespaces costs no memory.
 */
record Namespace(String prefix, String iri) {

    Term.Iri iri(String local) {
        return new Term.Iri(this, local);
    }
}
