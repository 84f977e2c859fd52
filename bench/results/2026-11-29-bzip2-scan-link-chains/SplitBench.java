package dev.quarry.loader.input;
import java.io.*;
/** SplitBench FILE.bz2: FILE cut into its blocks five times; seconds a pass. */
public class SplitBench {
    public static void main(String[] a) throws Exception {
        for (int r = 0; r < 5; r++) {
            long t = System.nanoTime(); int n = 0;
            try (InputStream in = new BufferedInputStream(new FileInputStream(a[0]), 1 << 16)) {
                Bzip2BlockSplitter s = new Bzip2BlockSplitter(in);
                while (s.next() != null) n++;
            }
            System.out.printf("%d blocks %.3f s%n", n, (System.nanoTime() - t) / 1e9);
        }
    }
}
