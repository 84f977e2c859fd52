package dev.quarry.store.rocks;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;

/** Reads the keys of one SST file in order, with no store open (a bulk file before it is ingested). */
public final class KvSstReader {
    private KvSstReader() {}

    /** Calls {@code visitor} with every key of {@code file}, in order; checks the file's block checksums as it reads. */
    public static void forEachKey(Path file, Consumer<byte[]> visitor) {
        try (Options options = new Options();
             SstFileReader reader = new SstFileReader(options);
             ReadOptions read = new ReadOptions().setVerifyChecksums(true)) {
            reader.open(file.toString());
            try (SstFileReaderIterator it = reader.newIterator(read)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    visitor.accept(it.key());
                }
                it.status();
            }
        } catch (RocksDBException e) {
            throw RocksKv.fail("cannot read " + file, e);
        }
    }
}
