package dev.quarry.endpoint.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quarry.endpoint.ServerFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The query UI in a real browser (Debian's headless chromium): the editor loads from the
 * server alone, and a query given in the link runs against /sparql and shows its rows.
 * Skipped where chromium is not installed.
 */
class QueryUiBrowserTest {
    @TempDir
    Path dir;

    @BeforeEach
    void needsChromium() {
        assumeTrue(HeadlessChromium.available(),
                "needs Debian's chromium at " + HeadlessChromium.BINARY + " (apt-get install -y chromium)");
    }

    @Test
    void editorLoadsAndAQueryInTheLinkShowsItsResultTable() throws Exception {
        try (ServerFixture f = new ServerFixture(dir.resolve("store"), ServerFixture.options())) {
            f.fill(5);
            HeadlessChromium chromium = new HeadlessChromium(dir.resolve("profile"));
            String query = "SELECT ?s ?o WHERE { ?s <urn:ex:p> ?o } ORDER BY ?o";
            String url = f.uri("/#query=" + ServerFixture.enc(query).replace("+", "%20")).toString();
            String dom = chromium.dumpDom(url, 15_000);
            assertTrue(dom.contains("class=\"CodeMirror"), "no query editor in the page:\n" + head(dom));
            assertTrue(dom.contains("yasr"), "no result area in the page:\n" + head(dom));
            for (int i = 0; i < 5; i++) {
                assertTrue(dom.contains("urn:ex:s:" + i), "row " + i + " missing from the result table:\n" + head(dom));
            }
            assertTrue(dom.contains("<table"), "no result table:\n" + head(dom));

            Path png = Path.of(System.getProperty("quarry.ui.screenshot", dir.resolve("ui.png").toString()));
            chromium.screenshot(url, png, 15_000);
            assertTrue(Files.size(png) > 10_000, "screenshot looks empty: " + Files.size(png) + " bytes");
        }
    }

    private static String head(String dom) {
        return dom.length() > 4000 ? dom.substring(0, 4000) + "..." : dom;
    }
}
