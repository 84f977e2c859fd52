package dev.quarry.endpoint.http;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Decides whether a request may change the store: read-only mode, the browser origin, then the bearer token. */
final class WriteGuard {
    private final boolean readOnly;
    private final byte[] token;
    private final OriginPolicy origins;

    WriteGuard(boolean readOnly, String token, OriginPolicy origins) {
        this.readOnly = readOnly;
        this.origins = origins;
        this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
    }

    void check(Exchange ex) {
        if (readOnly) {
            throw new HttpError(HttpResponseStatus.FORBIDDEN, "the server is read-only");
        }
        origins.checkWriteOrigin(ex);
        if (token == null) {
            return;
        }
        String auth = ex.header(HttpHeaderNames.AUTHORIZATION);
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new HttpError(HttpResponseStatus.UNAUTHORIZED, "writes need an Authorization: Bearer token")
                    .withHeader("WWW-Authenticate", "Bearer realm=\"quarry\"");
        }
        byte[] given = auth.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        // Constant time, so the token cannot be guessed byte by byte from response times.
        if (!MessageDigest.isEqual(given, token)) {
            throw new HttpError(HttpResponseStatus.UNAUTHORIZED, "wrong bearer token")
                    .withHeader("WWW-Authenticate", "Bearer realm=\"quarry\", error=\"invalid_token\"");
        }
    }
}
