import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.*;

/**
 * One-off probe of SstFileWriter settings for the bulk loader's index files (docs/loader-merge.md):
 * reads the quad keys of one index from a loaded store, then writes them to SST files with each
 * setting, one thread, and prints the keys per second and the file size (median of the repeats).
 *
 * <pre>java -cp rocksdbjni-11.8.1.jar bench/probes/SstKnobs.java STORE/db TAG [REPEATS]</pre>
 */
public class SstKnobs {
    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        Path db = Path.of(args[0]);
        byte tag = Byte.parseByte(args[1]);
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        byte[] flat;
        int n;
        int len = 33;
        try (Options o = new Options(); RocksDB r = RocksDB.openReadOnly(o, db.toString());
             RocksIterator it = r.newIterator()) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(1 << 28);
            n = 0;
            for (it.seek(new byte[] {tag}); it.isValid() && it.key()[0] == tag; it.next()) {
                out.write(it.key());
                n++;
            }
            flat = out.toByteArray();
        }
        System.out.printf("%d keys of tag %d%n", n, tag);
        String[] variants = args.length > 3 ? args[3].split(",") : new String[] {"base", "zstd1", "zstd-1", "lz4",
                "nofilter", "zstd1-nofilter", "block32k", "restart32", "bytebuffer", "stats", "base"};
        for (String v : variants) {
            long[] ns = new long[repeats];
            long size = 0;
            for (int rep = 0; rep < repeats; rep++) {
                Path f = Files.createTempFile(Path.of("/tmp"), "probe-", ".sst");
                long t0 = System.nanoTime();
                write(v, f, flat, n, len);
                ns[rep] = System.nanoTime() - t0;
                size = Files.size(f);
                Files.delete(f);
            }
            Arrays.sort(ns);
            double s = ns[repeats / 2] / 1e9;
            System.out.printf("%-16s %6.2f s  %5.0f k keys/s  %,d bytes%n", v, s, n / s / 1e3, size);
        }
    }

    static void write(String v, Path f, byte[] flat, int n, int len) throws Exception {
        List<AutoCloseable> close = new ArrayList<>();
        try {
            BlockBasedTableConfig t = new BlockBasedTableConfig()
                    .setBlockSize(v.equals("block32k") ? 32 * 1024 : 16 * 1024)
                    .setIndexType(IndexType.kTwoLevelIndexSearch)
                    .setPartitionFilters(true)
                    .setMetadataBlockSize(4096);
            if (v.equals("restart32")) {
                t.setBlockRestartInterval(32);
            }
            if (!v.contains("nofilter")) {
                BloomFilter b = new BloomFilter(10, false);
                close.add(b);
                t.setFilterPolicy(b);
            }
            Options o = new Options().setTableFormatConfig(t).setCompressionType(CompressionType.LZ4_COMPRESSION);
            close.add(o);
            if (v.equals("stats")) {
                Statistics st = new Statistics();
                close.add(st);
                o.setStatistics(st);
            }
            CompressionOptions co = new CompressionOptions();
            close.add(co);
            if (v.equals("lz4")) {
                o.setBottommostCompressionType(CompressionType.LZ4_COMPRESSION);
            } else {
                o.setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION);
                if (v.startsWith("zstd1")) {
                    co.setLevel(1);
                    co.setEnabled(true);
                    o.setBottommostCompressionOptions(co);
                } else if (v.startsWith("zstd-1")) {
                    co.setLevel(-1);
                    co.setEnabled(true);
                    o.setBottommostCompressionOptions(co);
                }
            }
            EnvOptions e = new EnvOptions();
            close.add(e);
            try (SstFileWriter w = new SstFileWriter(e, o)) {
                w.open(f.toString());
                if (v.equals("bytebuffer")) {
                    ByteBuffer k = ByteBuffer.allocateDirect(len);
                    ByteBuffer val = ByteBuffer.allocateDirect(0);
                    for (int i = 0; i < n; i++) {
                        k.clear();
                        k.put(flat, i * len, len);
                        k.flip();
                        val.clear();
                        w.put(k, val);
                    }
                } else {
                    byte[] empty = new byte[0];
                    for (int i = 0; i < n; i++) {
                        w.put(Arrays.copyOfRange(flat, i * len, i * len + len), empty);
                    }
                }
                w.finish();
            }
        } finally {
            for (int i = close.size() - 1; i >= 0; i--) {
                close.get(i).close();
            }
        }
    }
}
