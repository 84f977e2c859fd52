package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.HttpError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The parameters of one protocol request, from the query string and a form body merged. */
final class ProtocolParams {
    private final Map<String, List<String>> values = new LinkedHashMap<>();

    ProtocolParams add(Map<String, List<String>> more) {
        more.forEach((k, v) -> values.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        return this;
    }

    ProtocolParams put(String name, String value) {
        values.computeIfAbsent(name, x -> new ArrayList<>()).add(value);
        return this;
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    /** The value of a parameter that may be given at most once; null if absent. */
    String single(String name) {
        List<String> v = values.get(name);
        if (v == null || v.isEmpty()) {
            return null;
        }
        if (v.size() > 1) {
            throw HttpError.badRequest("parameter '" + name + "' given " + v.size() + " times; give it once");
        }
        return v.get(0);
    }

    List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }
}
