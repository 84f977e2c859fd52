import java.nio.file.*;
import java.util.*;
import org.rocksdb.*;

/** Probe: writes the TERM2ID (tag 0x11) or ID2TERM (0x10) entries of a loaded store with several compression settings. */
public class DictKnobs {
    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        byte tag = (byte) Integer.parseInt(args[1], 16);
        int repeats = Integer.parseInt(args[2]);
        List<byte[]> ks = new ArrayList<>(), vs = new ArrayList<>();
        try (Options o = new Options(); RocksDB r = RocksDB.openReadOnly(o, args[0]); RocksIterator it = r.newIterator()) {
            for (it.seek(new byte[] {tag}); it.isValid() && it.key()[0] == tag; it.next()) { ks.add(it.key()); vs.add(it.value()); }
        }
        System.out.printf("%d entries of tag %x%n", ks.size(), tag);
        for (String v : args[3].split(",")) {
            long[] ns = new long[repeats]; long size = 0;
            for (int rep = 0; rep < repeats; rep++) {
                Path f = Files.createTempFile(Path.of("/tmp"), "probe-", ".sst");
                long t0 = System.nanoTime();
                write(v, f, ks, vs, tag == 0x11);
                ns[rep] = System.nanoTime() - t0; size = Files.size(f); Files.delete(f);
            }
            Arrays.sort(ns);
            System.out.printf("%-12s %6.3f s %,d bytes%n", v, ns[repeats / 2] / 1e9, size);
        }
    }

    static void write(String v, Path f, List<byte[]> ks, List<byte[]> vs, boolean filter) throws Exception {
        List<AutoCloseable> close = new ArrayList<>();
        try {
            BlockBasedTableConfig t = new BlockBasedTableConfig().setBlockSize(v.contains("32k") ? 32768 : 16 * 1024)
                .setIndexType(IndexType.kTwoLevelIndexSearch).setPartitionFilters(true).setMetadataBlockSize(4096);
            if (filter) { BloomFilter b = new BloomFilter(10, false); close.add(b); t.setFilterPolicy(b); }
            Options o = new Options().setTableFormatConfig(t).setCompressionType(CompressionType.LZ4_COMPRESSION);
            close.add(o);
            CompressionOptions co = new CompressionOptions(); close.add(co);
            if (v.startsWith("lz4")) o.setBottommostCompressionType(CompressionType.LZ4_COMPRESSION);
            else if (v.startsWith("none")) o.setBottommostCompressionType(CompressionType.NO_COMPRESSION);
            else if (v.startsWith("snappy")) o.setBottommostCompressionType(CompressionType.SNAPPY_COMPRESSION);
            else {
                o.setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION);
                if (v.startsWith("zstd") && !v.equals("zstd")) {
                    co.setLevel(Integer.parseInt(v.substring(4).replace("-32k", "").replace("m", "-"))); co.setEnabled(true);
                    o.setBottommostCompressionOptions(co);
                }
            }
            EnvOptions e = new EnvOptions(); close.add(e);
            try (SstFileWriter w = new SstFileWriter(e, o)) {
                w.open(f.toString());
                for (int i = 0; i < ks.size(); i++) w.put(ks.get(i), vs.get(i));
                w.finish();
            }
        } finally { for (int i = close.size() - 1; i >= 0; i--) close.get(i).close(); }
    }
}
