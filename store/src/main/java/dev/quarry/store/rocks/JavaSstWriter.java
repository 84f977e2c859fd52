package dev.quarry.store.rocks;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import dev.quarry.store.error.StoreException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/**
 * Writes one SST file without a filter in RocksDB's block-based table format, in Java, for
 * ingestion like a file of RocksDB's {@code SstFileWriter}: the bulk files of key spaces that
 * are only scanned or read for keys that exist (docs/loader-merge.md).
 *
 * <p>Why hand-written: through JNI, RocksDB's writer cost ~300 ns a key besides compression
 * (the JNI crossing, the table builder's per-key bookkeeping: internal keys, property
 * collectors, status checks), about a fifth of a BSBM 5 M load's CPU (async-profiler). This
 * writer builds the blocks in Java and crosses JNI once a block, to compress it with the
 * same ZSTD (level 1, zstd-jni) RocksDB uses for the store's last level.
 *
 * <p>What it writes ({@code format_version} 5, the layout RocksDB 11 reads as any file of
 * that version): data blocks of about 16 KiB, keys prefix-compressed with a restart point
 * every 16 entries, each key an internal key (the user key, then sequence number 0 and type
 * "value" in 8 bytes); each block compressed with ZSTD when that saves an eighth, as RocksDB
 * does ({@code max_compressed_bytes_per_kb} 896); a two-level index (user keys, full block
 * handles, partitions of about 4 KiB), as the store's options ask for every file; the
 * properties an external file needs (version 2, global sequence number 0); the metaindex;
 * the footer with CRC32C checksums. Every block ends with its compression type and the
 * masked CRC32C of its bytes and that type.
 *
 * <p>Keys must come in strictly increasing unsigned byte order. Not thread-safe.
 */
final class JavaSstWriter implements KvSstWriter {
    private static final int FORMAT_VERSION = 5;
    private static final long MAGIC = 0x88e241b785f4cff7L;
    private static final byte CHECKSUM_CRC32C = 1;
    private static final byte NO_COMPRESSION = 0;
    private static final byte ZSTD_COMPRESSION = 7;
    private static final int ZSTD_LEVEL = 1;
    private static final int BLOCK_SIZE = 16 * 1024;
    /** RocksDB's {@code block_size_deviation}: a block this full is cut before a key that would pass the size. */
    private static final int BLOCK_SIZE_DEVIATION_LIMIT = BLOCK_SIZE * 90 / 100;
    private static final int METADATA_BLOCK_SIZE = 4096;
    private static final int DATA_RESTART_INTERVAL = 16;
    private static final int INDEX_RESTART_INTERVAL = 1;
    /** RocksDB's {@code kTwoLevelIndexSearch}. */
    private static final int TWO_LEVEL_INDEX = 2;
    private static final int BLOCK_TRAILER = 5;
    private static final int FOOTER_LENGTH = 53;
    /** Sequence number 0, type value (1): the last 8 bytes of every internal key of an external file. */
    private static final byte[] KEY_TRAILER = {1, 0, 0, 0, 0, 0, 0, 0};
    private static final byte[] NO_SUFFIX = {};

    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer out = ByteBuffer.allocate(1 << 20);
    private long offset;
    private final CRC32C crc = new CRC32C();
    private final ZstdCompressCtx zstd = new ZstdCompressCtx().setLevel(ZSTD_LEVEL);
    private byte[] compressed = new byte[0];

    private final BlockBuilder data = new BlockBuilder(DATA_RESTART_INTERVAL);
    private final BlockBuilder partition = new BlockBuilder(INDEX_RESTART_INTERVAL);
    private final BlockBuilder topLevel = new BlockBuilder(INDEX_RESTART_INTERVAL);
    /** The finished index partitions, written after the data blocks, and each one's last key (its entry in the top level). */
    private final List<byte[]> partitions = new ArrayList<>();
    private final List<byte[]> partitionLastKeys = new ArrayList<>();

    /** The last user key added. */
    private byte[] lastKey = new byte[64];
    private int lastKeyLength = -1;
    private final byte[] handle = new byte[20];
    private final byte[] trailer = new byte[BLOCK_TRAILER];

    private long entries;
    private long rawKeyBytes;
    private long rawValueBytes;
    private long dataBlocks;
    private boolean finished;

    JavaSstWriter(Path file) {
        this.file = file;
        try {
            this.channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            zstd.close();
            throw new StoreException("cannot create " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void put(byte[] key, byte[] value) {
        // One comparison with the key before gives both the order check and the prefix the two
        // share (a prefix of the internal keys too: they differ within the user keys).
        int shared = 0;
        if (lastKeyLength >= 0) {
            shared = Arrays.mismatch(lastKey, 0, lastKeyLength, key, 0, key.length);
            if (shared < 0 || shared == key.length
                    || (shared < lastKeyLength && (lastKey[shared] & 0xff) > (key[shared] & 0xff))) {
                throw new IllegalArgumentException("keys out of order in " + file);
            }
        }
        int internalLength = key.length + KEY_TRAILER.length;
        if (data.count > 0 && blockIsFull(internalLength, value.length)) {
            flushDataBlock();
        }
        data.add(key, key.length, KEY_TRAILER, shared, value, value.length);
        if (lastKey.length < key.length) {
            lastKey = Arrays.copyOf(lastKey, 2 * key.length);
        }
        System.arraycopy(key, 0, lastKey, 0, key.length);
        lastKeyLength = key.length;
        entries++;
        rawKeyBytes += internalLength;
        rawValueBytes += value.length;
    }

    /** RocksDB's {@code FlushBlockBySizePolicy} with its default 10 % deviation. */
    private boolean blockIsFull(int keyLength, int valueLength) {
        int current = data.sizeEstimate();
        if (current >= BLOCK_SIZE) {
            return true;
        }
        int after = current + keyLength + valueLength + 3 * 5 + (data.count % DATA_RESTART_INTERVAL == 0 ? 4 : 0);
        return after > BLOCK_SIZE && current > BLOCK_SIZE_DEVIATION_LIMIT;
    }

    private void flushDataBlock() {
        long blockOffset = offset;
        int length = data.finish();
        int size = writeBlock(data.bytes(), length, true);
        dataBlocks++;
        data.reset();
        addIndexEntry(blockOffset, size);
    }

    /** Adds the index entry of the block just written (its last user key and its handle); cuts the partition once full. */
    private void addIndexEntry(long blockOffset, int size) {
        partition.add(lastKey, lastKeyLength, handle, encodeHandle(blockOffset, size));
        if (partition.sizeEstimate() >= METADATA_BLOCK_SIZE) {
            cutPartition();
        }
    }

    private void cutPartition() {
        partitions.add(Arrays.copyOf(partition.bytes(), partition.finish()));
        partitionLastKeys.add(Arrays.copyOf(lastKey, lastKeyLength));
        partition.reset();
    }

    @Override
    public long entries() {
        return entries;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public boolean finish() {
        finished = true;
        if (entries == 0) {
            return false;
        }
        try {
            if (data.count > 0) {
                flushDataBlock();
            }
            if (partition.count > 0) {
                cutPartition();
            }
            long tailStart = offset; // where the data blocks end
            for (int p = 0; p < partitions.size(); p++) {
                long at = offset;
                byte[] block = partitions.get(p);
                int size = writeBlock(block, block.length, false);
                byte[] key = partitionLastKeys.get(p);
                topLevel.add(key, key.length, handle, encodeHandle(at, size));
            }
            long topLevelOffset = offset;
            int topLevelLength = topLevel.finish();
            int topLevelSize = writeBlock(topLevel.bytes(), topLevelLength, false);
            long indexBytes = offset - tailStart;

            long propertiesOffset = offset;
            byte[] properties = properties(tailStart, indexBytes, topLevelSize + BLOCK_TRAILER);
            int propertiesSize = writeBlock(properties, properties.length, false);

            BlockBuilder metaindex = new BlockBuilder(1);
            byte[] name = ascii("rocksdb.properties");
            metaindex.add(name, name.length, handle, encodeHandle(propertiesOffset, propertiesSize));
            long metaindexOffset = offset;
            int metaindexSize = writeBlock(metaindex.bytes(), metaindex.finish(), false);

            writeFooter(metaindexOffset, metaindexSize, topLevelOffset, topLevelSize);
            drain();
            channel.force(true);
            return true;
        } catch (IOException e) {
            throw new StoreException("write to " + file + " failed: " + e.getMessage(), e);
        }
    }

    /** The properties block: what RocksDB's own writer records for such a file, keys in byte order. */
    private byte[] properties(long tailStart, long indexBytes, long topLevelBytes) {
        Map<String, byte[]> p = new TreeMap<>();
        p.put("rocksdb.block.based.table.index.type", fixed32(TWO_LEVEL_INDEX));
        p.put("rocksdb.block.based.table.prefix.filtering", ascii("0"));
        p.put("rocksdb.block.based.table.whole.key.filtering", ascii("1"));
        p.put("rocksdb.column.family.id", varint(Integer.MAX_VALUE)); // unknown: the file is ingested into one
        p.put("rocksdb.comparator", ascii("leveldb.BytewiseComparator"));
        p.put("rocksdb.compression", ascii("ZSTD"));
        p.put("rocksdb.creating.db.identity", ascii("SST Writer"));
        p.put("rocksdb.creating.host.identity", ascii("quarry"));
        p.put("rocksdb.creating.session.identity", ascii(sessionId()));
        p.put("rocksdb.creation.time", varint(0));
        p.put("rocksdb.data.block.restart.interval", varint(DATA_RESTART_INTERVAL));
        p.put("rocksdb.data.size", varint(tailStart));
        p.put("rocksdb.deleted.keys", varint(0));
        p.put("rocksdb.external_sst_file.global_seqno", fixed64(0));
        p.put("rocksdb.external_sst_file.version", fixed32(2));
        p.put("rocksdb.filter.size", varint(0));
        p.put("rocksdb.fixed.key.length", varint(0));
        p.put("rocksdb.format.version", varint(FORMAT_VERSION));
        p.put("rocksdb.index.block.restart.interval", varint(INDEX_RESTART_INTERVAL));
        p.put("rocksdb.index.key.is.user.key", varint(1));
        p.put("rocksdb.index.partitions", varint(partitions.size()));
        p.put("rocksdb.index.size", varint(indexBytes));
        p.put("rocksdb.index.value.is.delta.encoded", varint(0));
        p.put("rocksdb.key.largest.seqno", varint(0));
        p.put("rocksdb.key.smallest.seqno", varint(0));
        p.put("rocksdb.merge.operands", varint(0));
        p.put("rocksdb.merge.operator", ascii("nullptr"));
        p.put("rocksdb.newest.key.time", varint(0));
        p.put("rocksdb.num.data.blocks", varint(dataBlocks));
        p.put("rocksdb.num.entries", varint(entries));
        p.put("rocksdb.num.filter_entries", varint(0));
        p.put("rocksdb.num.range-deletions", varint(0));
        p.put("rocksdb.oldest.key.time", varint(0));
        p.put("rocksdb.original.file.number", varint(1));
        p.put("rocksdb.prefix.extractor.name", ascii("nullptr"));
        p.put("rocksdb.property.collectors", ascii("[]"));
        p.put("rocksdb.raw.key.size", varint(rawKeyBytes));
        p.put("rocksdb.raw.value.size", varint(rawValueBytes));
        p.put("rocksdb.tail.start.offset", varint(tailStart));
        p.put("rocksdb.top-level.index.size", varint(topLevelBytes));
        // One restart point for the whole block, as RocksDB writes it: it is read in full, in order.
        BlockBuilder block = new BlockBuilder(Integer.MAX_VALUE);
        for (Map.Entry<String, byte[]> e : p.entrySet()) {
            byte[] key = ascii(e.getKey());
            block.add(key, key.length, e.getValue(), e.getValue().length);
        }
        return Arrays.copyOf(block.bytes(), block.finish());
    }

    /**
     * RocksDB's session id: 20 characters of base 36. With the file number it makes the file's
     * unique id, which keys its blocks in the block cache, so each file gets a random one.
     */
    private static String sessionId() {
        String digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] id = new char[20];
        for (int i = 0; i < id.length; i++) {
            id[i] = digits.charAt(random.nextInt(digits.length()));
        }
        return new String(id);
    }

    private void writeFooter(long metaindexOffset, int metaindexSize, long indexOffset, int indexSize) throws IOException {
        byte[] footer = new byte[FOOTER_LENGTH];
        footer[0] = CHECKSUM_CRC32C;
        int at = 1;
        at = putVarint(footer, at, metaindexOffset);
        at = putVarint(footer, at, metaindexSize);
        at = putVarint(footer, at, indexOffset);
        putVarint(footer, at, indexSize);
        putFixed32(footer, 41, FORMAT_VERSION);
        putFixed32(footer, 45, (int) MAGIC);
        putFixed32(footer, 49, (int) (MAGIC >>> 32));
        write(footer, 0, footer.length);
    }

    /** Writes a block (compressed if asked and worth it) and its trailer; returns its size without the trailer. */
    private int writeBlock(byte[] block, int length, boolean compress) {
        byte[] bytes = block;
        int size = length;
        byte type = NO_COMPRESSION;
        if (compress) {
            int bound = 5 + (int) Zstd.compressBound(length);
            if (compressed.length < bound) {
                compressed = new byte[bound];
            }
            int prefix = putVarint(compressed, 0, length); // the uncompressed size first, as RocksDB reads it
            int n = zstd.compressByteArray(compressed, prefix, compressed.length - prefix, block, 0, length);
            if (prefix + n <= length - length / 8) {
                bytes = compressed;
                size = prefix + n;
                type = ZSTD_COMPRESSION;
            }
        }
        crc.reset();
        crc.update(bytes, 0, size);
        crc.update(type);
        trailer[0] = type;
        putFixed32(trailer, 1, mask((int) crc.getValue()));
        try {
            write(bytes, 0, size);
            write(trailer, 0, BLOCK_TRAILER);
        } catch (IOException e) {
            throw new StoreException("write to " + file + " failed: " + e.getMessage(), e);
        }
        return size;
    }

    /** LevelDB's masked CRC: rotated and offset, so a CRC stored in checksummed data does not look like one. */
    private static int mask(int crc) {
        return ((crc >>> 15) | (crc << 17)) + 0xa282ead8;
    }

    private void write(byte[] bytes, int from, int length) throws IOException {
        while (length > 0) {
            if (!out.hasRemaining()) {
                drain();
            }
            int n = Math.min(length, out.remaining());
            out.put(bytes, from, n);
            from += n;
            length -= n;
            offset += n;
        }
    }

    private void drain() throws IOException {
        out.flip();
        while (out.hasRemaining()) {
            channel.write(out);
        }
        out.clear();
    }

    private int encodeHandle(long blockOffset, int size) {
        return putVarint(handle, putVarint(handle, 0, blockOffset), size);
    }

    @Override
    public void close() {
        zstd.close();
        try {
            channel.close();
        } catch (IOException e) {
            throw new StoreException("closing " + file + " failed: " + e.getMessage(), e);
        }
        if (!finished || entries == 0) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a scratch file: the load's scratch directory is removed after it
            }
        }
    }

    // ------------------------------------------------------------------ encodings

    static int putVarint(byte[] b, int at, long v) {
        while ((v & ~0x7fL) != 0) {
            b[at++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        b[at++] = (byte) v;
        return at;
    }

    private static void putFixed32(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }

    private static byte[] varint(long v) {
        byte[] b = new byte[10];
        return Arrays.copyOf(b, putVarint(b, 0, v));
    }

    private static byte[] fixed32(int v) {
        byte[] b = new byte[4];
        putFixed32(b, 0, v);
        return b;
    }

    private static byte[] fixed64(long v) {
        byte[] b = new byte[8];
        putFixed32(b, 0, (int) v);
        putFixed32(b, 4, (int) (v >>> 32));
        return b;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** A byte array that grows. */
    private static final class GrowableBytes {
        byte[] bytes;
        int length;

        GrowableBytes(int capacity) {
            bytes = new byte[capacity];
        }

        void append(byte[] b, int from, int n) {
            if (length + n > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + n));
            }
            System.arraycopy(b, from, bytes, length, n);
            length += n;
        }
    }

    /**
     * One block of RocksDB's format: entries of (shared key bytes, unshared key bytes, value
     * length as varints, the unshared key bytes, the value), a key shared with the one before
     * except at restart points, then the restart offsets and their count as fixed 32-bit ints.
     */
    private static final class BlockBuilder {
        private final int restartInterval;
        private final GrowableBytes buffer = new GrowableBytes(BLOCK_SIZE + 1024);
        private int[] restarts = new int[64];
        private int restartCount;
        int count;
        private final byte[] header = new byte[15];

        BlockBuilder(int restartInterval) {
            this.restartInterval = restartInterval;
        }

        /** An entry whose key shares nothing with the one before (as every entry of the index and meta blocks). */
        void add(byte[] key, int keyLength, byte[] value, int valueLength) {
            add(key, keyLength, NO_SUFFIX, 0, value, valueLength);
        }

        /**
         * An entry of key bytes {@code [0, keyLength)} then {@code suffix}, of which the first
         * {@code shared} bytes (at most the prefix it has in common with the key before) are not
         * repeated, except at a restart point.
         */
        void add(byte[] key, int keyLength, byte[] suffix, int shared, byte[] value, int valueLength) {
            if (count % restartInterval == 0) {
                if (restartCount == restarts.length) {
                    restarts = Arrays.copyOf(restarts, 2 * restartCount);
                }
                restarts[restartCount++] = buffer.length;
                shared = 0;
            }
            int at = putVarint(header, 0, shared);
            at = putVarint(header, at, keyLength + suffix.length - shared);
            at = putVarint(header, at, valueLength);
            buffer.append(header, 0, at);
            buffer.append(key, shared, keyLength - shared);
            buffer.append(suffix, 0, suffix.length);
            buffer.append(value, 0, valueLength);
            count++;
        }

        int sizeEstimate() {
            return buffer.length + 4 * (restartCount + 1);
        }

        /** Appends the restart array; returns the block's length in {@link #bytes()}. */
        int finish() {
            if (restartCount == 0) {
                restarts[restartCount++] = 0;
            }
            for (int i = 0; i < restartCount; i++) {
                putFixed32(header, 0, restarts[i]);
                buffer.append(header, 0, 4);
            }
            putFixed32(header, 0, restartCount);
            buffer.append(header, 0, 4);
            return buffer.length;
        }

        byte[] bytes() {
            return buffer.bytes;
        }

        void reset() {
            buffer.length = 0;
            restartCount = 0;
            count = 0;
        }
    }
}
