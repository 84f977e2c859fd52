package dev.quarry.endpoint.load;

import dev.quarry.loader.Parallelism;
import dev.quarry.loader.input.RdfFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonException;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.atlas.json.JsonValue;
import org.apache.jena.irix.IRIException;
import org.apache.jena.irix.IRIx;

/**
 * The parameters of {@code POST /loader}, as Neptune names them. Parameters Neptune needs
 * for S3 ({@code iamRoleArn}, {@code region}, ...) are accepted and ignored, so that its
 * documented requests work unchanged.
 *
 * @param source        file path, {@code file:} IRI, directory, or http(s) URL, as the client gave it
 * @param format        the format of every file, or null to tell it from each file's name
 * @param failOnError   stop at the first bad statement, nothing loaded
 * @param mode          NEW, RESUME or AUTO
 * @param baseUri       {@code parserConfiguration.baseUri}, or null
 * @param namedGraphUri {@code parserConfiguration.namedGraphUri}: graph for triples, or null
 * @param queueRequest  whether to queue behind a running load instead of answering 429
 * @param dependencies  load ids that must complete first
 */
public record LoadRequest(String source, RdfFormat format, boolean failOnError, Parallelism parallelism, String mode,
                          String baseUri, String namedGraphUri, boolean queueRequest, List<String> dependencies) {
    public LoadRequest {
        dependencies = List.copyOf(dependencies);
    }

    /** Parses a JSON body. */
    static LoadRequest fromJson(String body) {
        JsonObject o;
        try {
            o = JSON.parse(body);
        } catch (JsonException e) {
            throw LoaderRequestException.badRequest("request body is not a JSON object: " + oneLine(e.getMessage()));
        } catch (RuntimeException e) {
            // Jena's JSON parser fails on some truncated input with other exceptions than JsonException.
            throw LoaderRequestException.badRequest("request body is not a JSON object (truncated or malformed)");
        }
        return from(new Params() {
            @Override
            public String get(String name) {
                JsonValue v = o.get(name);
                if (v == null || v.isNull()) {
                    return null;
                }
                if (v.isString()) {
                    return v.getAsString().value();
                }
                if (v.isPrimitive()) {
                    return v.toString();
                }
                return JSON.toStringFlat(v);
            }

            @Override
            public JsonValue json(String name) {
                return o.get(name);
            }
        });
    }

    /** Parses form (or query string) parameters; objects and arrays may be given as JSON text. */
    static LoadRequest fromForm(Map<String, List<String>> form) {
        return from(new Params() {
            @Override
            public String get(String name) {
                List<String> v = form.get(name);
                return v == null || v.isEmpty() ? null : v.getFirst();
            }

            @Override
            public JsonValue json(String name) {
                List<String> v = form.get(name);
                if (v == null || v.isEmpty()) {
                    return null;
                }
                String text = v.getFirst().strip();
                if (text.startsWith("{") || text.startsWith("[")) {
                    try {
                        return JSON.parseAny(text);
                    } catch (JsonException e) {
                        throw LoaderRequestException.badRequest(name + " is not valid JSON: " + oneLine(e.getMessage()));
                    }
                }
                JsonArray a = new JsonArray(); // dependencies=id1&dependencies=id2
                v.forEach(a::add);
                return a;
            }
        });
    }

    private interface Params {
        String get(String name);

        JsonValue json(String name);
    }

    private static LoadRequest from(Params p) {
        String source = p.get("source");
        if (source == null || source.isBlank()) {
            throw LoaderRequestException.badRequest("missing parameter: source");
        }
        RdfFormat format = null;
        String f = p.get("format");
        if (f != null && !f.isBlank()) {
            format = RdfFormat.byName(f).orElseThrow(() -> LoaderRequestException.badRequest(
                    "unsupported format '" + f + "': use nquads, ntriples, turtle, trig, rdfxml or jsonld"));
        }
        boolean failOnError = bool(p, "failOnError", false);
        Parallelism parallelism = enumValue(p, "parallelism", Parallelism.class, Parallelism.HIGH);
        String mode = p.get("mode") == null ? "AUTO" : p.get("mode").toUpperCase(Locale.ROOT);
        if (!List.of("NEW", "RESUME", "AUTO").contains(mode)) {
            throw LoaderRequestException.badRequest("bad mode '" + p.get("mode") + "': use NEW, RESUME or AUTO");
        }
        String baseUri = null;
        String namedGraphUri = null;
        JsonValue pc = p.json("parserConfiguration");
        if (pc != null && !pc.isNull()) {
            if (!pc.isObject()) {
                throw LoaderRequestException.badRequest("parserConfiguration must be an object");
            }
            baseUri = string(pc.getAsObject(), "baseUri");
            namedGraphUri = string(pc.getAsObject(), "namedGraphUri");
        }
        baseUri = absoluteIri("baseUri", p.get("baseUri") != null ? p.get("baseUri") : baseUri);
        namedGraphUri = absoluteIri("namedGraphUri", p.get("namedGraphUri") != null ? p.get("namedGraphUri") : namedGraphUri);
        boolean queue = bool(p, "queueRequest", false);
        List<String> deps = new ArrayList<>();
        JsonValue d = p.json("dependencies");
        if (d != null && !d.isNull()) {
            if (!d.isArray()) {
                throw LoaderRequestException.badRequest("dependencies must be a list of load ids");
            }
            for (JsonValue v : d.getAsArray()) {
                if (!v.isString()) {
                    throw LoaderRequestException.badRequest("dependencies must be a list of load ids");
                }
                deps.add(v.getAsString().value());
            }
        }
        return new LoadRequest(source.strip(), format, failOnError, parallelism, mode, baseUri, namedGraphUri, queue, deps);
    }

    private static boolean bool(Params p, String name, boolean dflt) {
        String v = p.get(name);
        if (v == null) {
            return dflt;
        }
        return switch (v.strip().toUpperCase(Locale.ROOT)) {
            case "TRUE" -> true;
            case "FALSE" -> false;
            default -> throw LoaderRequestException.badRequest(name + " must be \"TRUE\" or \"FALSE\", not '" + v + "'");
        };
    }

    private static <E extends Enum<E>> E enumValue(Params p, String name, Class<E> type, E dflt) {
        String v = p.get(name);
        if (v == null) {
            return dflt;
        }
        try {
            return Enum.valueOf(type, v.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw LoaderRequestException.badRequest("bad " + name + " '" + v + "'");
        }
    }

    private static String string(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v == null || !v.isString() ? null : v.getAsString().value();
    }

    private static String absoluteIri(String name, String iri) {
        if (iri == null) {
            return null;
        }
        try {
            if (IRIx.create(iri).isAbsolute()) {
                return iri;
            }
        } catch (IRIException e) {
            // fall through to the one message
        }
        throw LoaderRequestException.badRequest(name + " must be an absolute IRI, not '" + iri + "'");
    }

    static String oneLine(String s) {
        return s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** The request as stored in the job record. */
    JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.put("source", source);
        if (format != null) {
            o.put("format", format.name());
        }
        o.put("failOnError", failOnError);
        o.put("parallelism", parallelism.name());
        o.put("mode", mode);
        if (baseUri != null) {
            o.put("baseUri", baseUri);
        }
        if (namedGraphUri != null) {
            o.put("namedGraphUri", namedGraphUri);
        }
        o.put("queueRequest", queueRequest);
        JsonArray deps = new JsonArray();
        dependencies.forEach(deps::add);
        o.put("dependencies", deps);
        return o;
    }

    static LoadRequest fromRecord(JsonObject o) {
        List<String> deps = new ArrayList<>();
        o.getArray("dependencies").forEach(v -> deps.add(v.getAsString().value()));
        return new LoadRequest(o.getString("source"),
                o.hasKey("format") ? RdfFormat.valueOf(o.getString("format")) : null, o.getBoolean("failOnError"),
                Parallelism.valueOf(o.getString("parallelism")), o.getString("mode"), string(o, "baseUri"),
                string(o, "namedGraphUri"), o.getBoolean("queueRequest"), deps);
    }
}
