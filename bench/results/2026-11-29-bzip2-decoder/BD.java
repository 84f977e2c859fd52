package dev.quarry.loader.input;
import java.io.*;
import java.util.*;
import java.lang.management.*;
public class BD {
  public static void main(String[] a) throws Exception {
    List<Bzip2Block> blocks = new ArrayList<>();
    int max = Integer.parseInt(a[1]);
    try (InputStream in = new BufferedInputStream(new FileInputStream(a[0]), 1 << 20)) {
      Bzip2BlockSplitter sp = new Bzip2BlockSplitter(in);
      Bzip2Block b;
      while (blocks.size() < max && (b = sp.next()) != null) blocks.add(b);
    }
    ThreadMXBean tm = ManagementFactory.getThreadMXBean();
    Bzip2BlockDecoder d = new Bzip2BlockDecoder();
    byte[] buf = null;
    for (int rep = 0; rep < Integer.parseInt(a[2]); rep++) {
      long c0 = tm.getCurrentThreadCpuTime(); long bytes = 0;
      for (Bzip2Block b : blocks) { var dec = d.decode(b, buf); buf = dec.bytes(); bytes += dec.length(); }
      System.out.printf("%d blocks %d bytes %.3f s cpu%n", blocks.size(), bytes, (tm.getCurrentThreadCpuTime()-c0)/1e9);
    }
  }
}
