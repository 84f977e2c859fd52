package dev.quarry.bench.gen;

/** An RDF term as the generator emits it; writers turn it into N-Quads or Turtle syntax. */
sealed interface Term permits Term.Iri, Term.Blank, Term.Literal {

    /** An IRI split into a namespace and a local name (letters and digits only, so Turtle can abbreviate it). */
    record Iri(Namespace ns, String local) implements Term {}

    /** A blank node with a label unique in the whole output. */
    record Blank(String label) implements Term {}

    /** A literal: {@code datatype} and {@code lang} are both null for a plain xsd:string. */
    record Literal(String lexical, Iri datatype, String lang) implements Term {}
}
