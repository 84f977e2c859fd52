import java.io.*; import java.net.*; import java.nio.charset.StandardCharsets; import java.util.*;
public class Q9 {
  static String q9(int i) { return "PREFIX rev: <http://purl.org/stuff/rev#>\n\nDESCRIBE ?x\nWHERE { <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/dataFromRatingSite1/Review" + i + "> rev:reviewer ?x }\n"; }
  static String q8(int i) { return "PREFIX rev: <http://purl.org/stuff/rev#>\nSELECT ?title ?text WHERE { ?review <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/reviewFor> <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/dataFromProducer1/Product" + i + "> . ?review <http://purl.org/dc/elements/1.1/title> ?title . ?review rev:text ?text } LIMIT 20\n"; }
  static long ask(String base, String q, String accept, boolean disconnect) throws Exception {
    long t = System.nanoTime();
    HttpURLConnection c = (HttpURLConnection) new URL(base + "?query=" + URLEncoder.encode(q, StandardCharsets.UTF_8)).openConnection();
    c.setRequestProperty("Accept", accept);
    c.setUseCaches(false);
    InputStream in = c.getInputStream();
    byte[] buf = new byte[8192]; while (in.read(buf) >= 0) {}
    if (disconnect) c.disconnect(); else in.close();
    return System.nanoTime() - t;
  }
  public static void main(String[] a) throws Exception {
    String base = a[0]; int n = Integer.parseInt(a[1]);
    long[] k = new long[3]; int[] cnt = new int[3]; List<Long> q9s = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      int i = 1 + (r * 7919) % 10000;
      long t8 = ask(base, q8(1 + r % 2000), "application/sparql-results+xml", false);
      long t9a = ask(base, q9(i), "application/rdf+xml", true);
      long t9b = ask(base, q9(i + 1), "application/rdf+xml", true);
      if (r >= n / 4) { k[0] += t8; k[1] += t9a; k[2] += t9b; cnt[0]++; q9s.add(t9a); q9s.add(t9b); }
    }
    Collections.sort(q9s);
    System.out.printf("Q8 %.3f  Q9-reused %.3f  Q9-new %.3f  Q9 median %.3f ms%n", k[0] / 1e6 / cnt[0], k[1] / 1e6 / cnt[0], k[2] / 1e6 / cnt[0], q9s.get(q9s.size() / 2) / 1e6);
  }
}
