import dev.quarry.store.rocks.*;
import java.nio.file.*;
import java.util.*;
public class W4 {
  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]);
    Random r = new Random(1);
    byte[][] keys = new byte[n][];
    long s = 1000; int p = 0;
    for (int i = 0; i < n; i++) {
      if (r.nextInt(8) == 0) { s += 1 + r.nextInt(3); p = 0; }
      p += 1 + r.nextInt(3);
      long o = r.nextInt(1 << 22);
      byte[] k = new byte[9]; k[0] = 5; s = i;
      for (int j = 0; j < 8; j++) { k[8-j] = (byte)(s >>> (8*j)); }
      keys[i] = k;
    }
    // sort to be safe
    Arrays.sort(keys, Arrays::compareUnsigned);
    String[] words = "the of and product review offer vendor producer feature rating text http www example com label comment price date type national country".split(" ");
    byte[][] vals = new byte[n][];
    for (int i = 0; i < n; i++) { StringBuilder b = new StringBuilder(); int len = r.nextInt(4) == 0 ? 200 + r.nextInt(300) : 10 + r.nextInt(40); while (b.length() < len) { b.append(words[r.nextInt(words.length)]).append(r.nextInt(3)==0 ? Integer.toString(r.nextInt(100000)) : "").append(' '); } vals[i] = b.toString().getBytes(); }
    for (int rep = 0; rep < 5; rep++) {
      Path f = Path.of("/tmp/w3-" + rep + ".sst"); Files.deleteIfExists(f);
      long t0 = System.nanoTime();
      long c0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      try (KvSstWriter w = RocksKv.standaloneSstWriter(f, false)) {
        for (int i = 0; i < n; i++) w.put(keys[i], vals[i]);
        w.finish();
      }
      long c1 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      System.out.printf("rep %d: %.3f s wall, %.3f s cpu, %d bytes%n", rep, (System.nanoTime()-t0)/1e9, (c1-c0)/1e9, Files.size(f));
      Files.delete(f);
    }
  }
}
