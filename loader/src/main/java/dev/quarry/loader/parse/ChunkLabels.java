package dev.quarry.loader.parse;

import java.util.Map;
import java.util.UUID;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.lang.BlankNodeAllocator;
import org.apache.jena.riot.lang.BlankNodeAllocatorFixedSeedHash;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.MapWithScope;

/**
 * Blank nodes for one parser of part of a document. A label ({@code _:x}) becomes the node
 * {@code LabelToNode.createScopeByDocumentHash(documentScope)} makes of it, as when one
 * parser reads the whole document: the same label in two chunks is the same node, and
 * differs from that label in another document. A node without a label ({@code []},
 * a collection's cells) comes from a counter hashed with a seed of this part's own, so
 * the counters of two parts never give the same node.
 */
final class ChunkLabels {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private ChunkLabels() {}

    /** What gives each label of the document {@code documentScope} its node (the same for every part). */
    static BlankNodeAllocator labelled(UUID documentScope) {
        return new BlankNodeAllocatorFixedSeedHash(documentScope);
    }

    /** Labels of the document {@code documentScope}; unlabelled nodes of its part number {@code part}. */
    static LabelToNode create(UUID documentScope, int part) {
        BlankNodeAllocator labelled = labelled(documentScope);
        // Odd constant times part+1: never 0, so never the document's own seed (nor another document's).
        UUID seed = new UUID(documentScope.getMostSignificantBits(),
                documentScope.getLeastSignificantBits() ^ GOLDEN * (part + 1L));
        BlankNodeAllocator fresh = new BlankNodeAllocatorFixedSeedHash(seed);
        MapWithScope.ScopePolicy<String, Node, Node> noMap = new MapWithScope.ScopePolicy<>() {
            @Override
            public Map<String, Node> getScope(Node scope) {
                return null; // labels are hashed, so no table of them is kept (as createScopeByDocumentHash)
            }

            @Override
            public void clear() {
                // nothing kept
            }
        };
        MapWithScope.Allocator<String, Node, Node> alloc = new MapWithScope.Allocator<>() {
            @Override
            public Node alloc(Node scope, String label) {
                return labelled.alloc(label);
            }

            @Override
            public Node create() {
                return fresh.create();
            }

            @Override
            public void reset() {
                labelled.reset();
                fresh.reset();
            }
        };
        return new LabelToNode(noMap, alloc);
    }
}
