package dev.quarry.testing.w3c;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.RDFList;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.RDFDataMgr;

/**
 * Reads a W3C test manifest: the entries of its {@code mf:entries} lists, in order,
 * then those of the manifests its {@code mf:include} lists name, depth first.
 * Relative IRIs resolve against the manifest file (RIOT's default base for a file),
 * so actions and results are {@code file:} IRIs that {@link ManifestEntry#file} turns
 * into paths. A manifest reached twice is read once.
 */
public final class Manifest {
    private Manifest() {}

    public static List<ManifestEntry> entries(Path manifest) {
        List<ManifestEntry> out = new ArrayList<>();
        collect(manifest.toAbsolutePath().normalize(), out, new HashSet<>());
        return out;
    }

    private static void collect(Path manifest, List<ManifestEntry> out, Set<Path> seen) {
        if (!seen.add(manifest)) {
            return;
        }
        Model model = RDFDataMgr.loadModel(manifest.toString());
        List<Resource> manifests = model.listSubjectsWithProperty(TestVocab.ENTRIES).toList();
        manifests.addAll(model.listSubjectsWithProperty(TestVocab.INCLUDE).toList());
        Set<Resource> done = new HashSet<>();
        for (Resource m : manifests) {
            if (!done.add(m)) {
                continue;
            }
            for (Statement st : m.listProperties(TestVocab.ENTRIES).toList()) {
                for (RDFNode test : st.getObject().as(RDFList.class).asJavaList()) {
                    out.add(new ManifestEntry(test.asResource(), manifest));
                }
            }
        }
        for (Resource m : done) {
            for (Statement st : m.listProperties(TestVocab.INCLUDE).toList()) {
                for (RDFNode included : st.getObject().as(RDFList.class).asJavaList()) {
                    collect(Path.of(URI.create(included.asResource().getURI())), out, seen);
                }
            }
        }
    }
}
