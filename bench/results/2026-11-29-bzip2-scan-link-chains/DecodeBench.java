package dev.quarry.loader.input;
import java.io.*;
import java.util.*;
/** DecodeBench FILE.bz2 N: the first N blocks of FILE cut, then decoded on one thread seven times; seconds and MB/s a pass. */
public class DecodeBench {
    public static void main(String[] a) throws Exception {
        List<Bzip2Block> blocks = new ArrayList<>();
        try (InputStream in = new BufferedInputStream(new FileInputStream(a[0]), 1 << 16)) {
            Bzip2BlockSplitter s = new Bzip2BlockSplitter(in);
            Bzip2Block b;
            while ((b = s.next()) != null && blocks.size() < Integer.parseInt(a[1])) blocks.add(b);
        }
        Bzip2BlockDecoder d = new Bzip2BlockDecoder();
        byte[] buf = new byte[Bzip2Block.usualSize(9)];
        for (int r = 0; r < 7; r++) {
            long t = System.nanoTime(); long bytes = 0;
            for (Bzip2Block b : blocks) bytes += d.decode(b, buf).length();
            double s = (System.nanoTime() - t) / 1e9;
            System.out.printf("%d blocks %.3f s %.1f MB/s%n", blocks.size(), s, bytes / s / 1e6);
        }
    }
}
