package dev.quarry.engine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Random SPARQL SELECT queries over the vocabulary of {@link EngineOracleTest}: a template
 * with constant slots ({@code {c:KIND}}) filled from the test data's terms, so that the
 * same shape can be filled again with other constants.
 */
final class QueryGenerator {
    private static final String[] VARS = {"?a", "?b", "?c", "?d", "?e"};
    private static final String[] OPS = {"=", "!=", "<", "<=", ">", ">="};
    private static final Pattern SLOT = Pattern.compile("\\{c:(\\w+)}");

    private final Random rnd;
    private final boolean exists;
    private final Set<String> used = new LinkedHashSet<>();
    private int fresh;
    private String lastTemplate;

    /** {@code exists}: whether to generate FILTER [NOT] EXISTS. */
    QueryGenerator(Random rnd, boolean exists) {
        this.rnd = rnd;
        this.exists = exists;
    }

    /** A new random query. */
    String query() {
        used.clear();
        fresh = 0;
        String body = group(2);
        List<String> vars = new ArrayList<>(used);
        if (!vars.isEmpty() && rnd.nextInt(4) == 0) {
            lastTemplate = aggregate(body, vars);
            return fill(lastTemplate);
        }
        StringBuilder q = new StringBuilder("PREFIX : <http://example.org/>\nSELECT ");
        boolean distinct = rnd.nextInt(3) == 0;
        if (distinct) {
            q.append("DISTINCT ");
        }
        List<String> projected = vars;
        if (!vars.isEmpty() && rnd.nextBoolean()) {
            projected = new ArrayList<>(vars.subList(0, 1 + rnd.nextInt(vars.size())));
        }
        q.append(projected.isEmpty() ? "*" : String.join(" ", projected));
        q.append(" WHERE { ").append(body).append(" }");
        if (!projected.isEmpty() && rnd.nextInt(3) == 0) {
            q.append(" ORDER BY");
            for (String v : projected) {
                q.append(rnd.nextBoolean() ? " DESC(" + v + ")" : " " + v);
            }
            if (rnd.nextBoolean()) {
                q.append(" LIMIT ").append(1 + rnd.nextInt(6));
                if (rnd.nextBoolean()) {
                    q.append(" OFFSET ").append(rnd.nextInt(3));
                }
            }
        }
        lastTemplate = q.toString();
        return fill(lastTemplate);
    }

    /**
     * GROUP BY (or none) with the aggregates whose value does not depend on row order
     * (not SAMPLE, not GROUP_CONCAT), sometimes with HAVING and ORDER BY on an aggregate.
     */
    private String aggregate(String body, List<String> vars) {
        String v = vars.get(rnd.nextInt(vars.size()));
        String key = rnd.nextInt(4) == 0 ? null : vars.get(rnd.nextInt(vars.size()));
        String keyExpr = key != null && rnd.nextInt(5) == 0 ? "(str(" + key + ") AS ?k)" : key;
        String keyVar = keyExpr == null ? null : keyExpr.startsWith("(") ? "?k" : key;
        StringBuilder q = new StringBuilder("PREFIX : <http://example.org/>\nSELECT ");
        if (keyVar != null) {
            q.append(keyVar).append(' ');
        }
        q.append("(COUNT(*) AS ?n) (COUNT(").append(v).append(") AS ?cv) (COUNT(DISTINCT ").append(v).append(") AS ?cd)");
        q.append(switch (rnd.nextInt(4)) {
            case 0 -> " (SUM(" + v + ") AS ?x)";
            case 1 -> " (MIN(" + v + ") AS ?x)";
            case 2 -> " (MAX(" + v + ") AS ?x)";
            default -> " (AVG(" + v + ") AS ?x)";
        });
        q.append(" WHERE { ").append(body).append(" }");
        if (keyExpr != null) {
            q.append(" GROUP BY ").append(keyExpr);
        }
        if (rnd.nextInt(3) == 0) {
            q.append(" HAVING (COUNT(*) > 1)");
        }
        if (rnd.nextInt(3) == 0) {
            q.append(" ORDER BY DESC(?n) ?cd");
            q.append(keyVar != null ? " " + keyVar : "");
        }
        return q.toString();
    }

    /** The last query's shape with freshly drawn constants. */
    String sameShapeOtherConstants(String ignored) {
        return fill(lastTemplate);
    }

    private String group(int depth) {
        StringBuilder sb = new StringBuilder(triples(1 + rnd.nextInt(3), "")); // a group starts with patterns
        if (depth > 0 && rnd.nextInt(5) == 0) {
            // MINUS right after the patterns only: ARQ, the oracle, gets MINUS wrong when the left
            // rows leave a shared variable unbound (OPTIONAL, UNION, VALUES ... UNDEF before it).
            sb.append(" MINUS { ").append(triples(1 + rnd.nextInt(2), "")).append(" }");
        }
        int extra = rnd.nextInt(3);
        for (int i = 0; i < extra; i++) {
            sb.append(' ').append(element(depth));
        }
        return sb.toString();
    }

    private String element(int depth) {
        int k = rnd.nextInt(depth > 0 ? (exists ? 10 : 9) : 6);
        return switch (k) {
            case 0, 1 -> "FILTER(" + expr(2) + ")";
            case 2 -> "BIND(" + value() + " AS ?n" + (fresh++) + ")";
            case 3 -> "VALUES " + var() + " { " + term() + " " + term() + " UNDEF }";
            case 4 -> "GRAPH " + (rnd.nextBoolean() ? "?g" : "{c:graph}") + " { " + triples(1 + rnd.nextInt(2), "") + " }";
            case 5 -> triples(1, "");
            case 6, 7 -> "OPTIONAL { " + group(depth - 1) + " }";
            case 8 -> "{ " + group(depth - 1) + " } UNION { " + group(depth - 1) + " }";
            // Constant predicates in EXISTS: ARQ, the oracle, leaves a variable bound to a literal unsubstituted in
            // the predicate position (it matches anything there); the engine takes the bound value, which matches nothing.
            default -> "FILTER(" + (rnd.nextBoolean() ? "NOT " : "") + "EXISTS { " + triples(1 + rnd.nextInt(2), "const") + " })";
        };
    }

    /** {@code n} triple patterns; {@code mode} "const" makes every predicate a constant. */
    private String triples(int n, String sep) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String s = rnd.nextInt(4) == 0 ? "{c:subject}" : var();
            String p = rnd.nextInt(6) == 0 && !sep.equals("const") ? var() : "{c:predicate}";
            String o = rnd.nextInt(3) == 0 ? "{c:object}" : var();
            sb.append(s).append(' ').append(p).append(' ').append(o).append(" . ");
        }
        return sb.toString();
    }

    private String var() {
        String v = VARS[rnd.nextInt(VARS.length)];
        used.add(v);
        return v;
    }

    /** A variable that the query already uses, or a new one. */
    private String someVar() {
        if (!used.isEmpty() && rnd.nextInt(4) != 0) {
            List<String> u = new ArrayList<>(used);
            return u.get(rnd.nextInt(u.size()));
        }
        return var();
    }

    private String expr(int depth) {
        int k = rnd.nextInt(depth > 0 ? 9 : 6);
        return switch (k) {
            case 0, 1 -> someVar() + " " + OPS[rnd.nextInt(OPS.length)] + " " + term();
            case 2 -> someVar() + " " + OPS[rnd.nextInt(OPS.length)] + " " + someVar();
            case 3 -> someVar() + " " + OPS[rnd.nextInt(OPS.length)] + " (" + someVar() + " + {c:integer})";
            case 4 -> rnd.nextBoolean() ? "bound(" + someVar() + ")" : "isIRI(" + someVar() + ")";
            case 5 -> rnd.nextBoolean() ? "str(" + someVar() + ") = \"ab\"" : "sameTerm(" + someVar() + ", " + term() + ")";
            case 6 -> "!(" + expr(depth - 1) + ")";
            case 7 -> "(" + expr(depth - 1) + " && " + expr(depth - 1) + ")";
            default -> "(" + expr(depth - 1) + " || " + expr(depth - 1) + ")";
        };
    }

    private String value() {
        return switch (rnd.nextInt(4)) {
            case 0 -> someVar();
            case 1 -> "(" + someVar() + " + {c:integer})";
            case 2 -> "str(" + someVar() + ")";
            default -> term();
        };
    }

    private String term() {
        return rnd.nextBoolean() ? "{c:object}" : "{c:integer}";
    }

    private String fill(String template) {
        Matcher m = SLOT.matcher(template);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(constant(m.group(1))));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private String constant(String kind) {
        return switch (kind) {
            case "subject" -> ":s" + rnd.nextInt(5);
            case "predicate" -> ":p" + rnd.nextInt(4);
            case "graph" -> rnd.nextBoolean() ? ":g" + rnd.nextInt(3) : "<urn:x-arq:UnionGraph>";
            case "integer" -> Integer.toString(rnd.nextInt(5) - 1);
            default -> switch (rnd.nextInt(12)) {
                case 0 -> ":s" + rnd.nextInt(4);
                case 1 -> "\"1.5\"^^<http://www.w3.org/2001/XMLSchema#decimal>";
                case 2 -> "2.0";
                case 3 -> "\"2008-06-20T00:00:00\"^^<http://www.w3.org/2001/XMLSchema#dateTime>";
                case 4 -> "\"2008-06-21T10:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime>";
                case 5 -> "\"ab\"";
                case 6 -> "\"ab\"@en";
                case 7 -> "true";
                case 8 -> "\"2008-06-20\"^^<http://www.w3.org/2001/XMLSchema#date>";
                case 9 -> "\"12.50\"^^:USD";
                case 10 -> "2.5e0";
                default -> Integer.toString(rnd.nextInt(4));
            };
        };
    }
}
