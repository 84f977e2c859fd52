package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineChunkerTest {
    private static List<Chunk> chunks(String text, int chunkSize) throws IOException {
        return chunks(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), chunkSize, false);
    }

    private static List<Chunk> chunks(InputStream in, int chunkSize, boolean recycle) throws IOException {
        LineChunker chunker = new LineChunker(in, "f.nq", chunkSize);
        List<Chunk> out = new ArrayList<>();
        Chunk c;
        while ((c = chunker.next()) != null) {
            // Copy, so that recycling the buffer cannot change what we check.
            out.add(new Chunk(java.util.Arrays.copyOfRange(c.bytes(), c.offset(), c.offset() + c.length()), 0,
                    c.length(), c.feed(), c.firstLine()));
            if (recycle) {
                chunker.recycle(c);
            }
        }
        return out;
    }

    @Test
    void emptyInputHasNoChunks() throws IOException {
        assertEquals(List.of(), chunks("", 16));
    }

    @Test
    void lastLineWithoutNewlineIsTheEndOfTheLastChunk() throws IOException {
        List<Chunk> cs = chunks("a\nbb\nccc", 4);
        assertEquals(List.of("a\n", "bb\n", "ccc"), cs.stream().map(Chunk::text).toList());
        assertEquals(List.of(1L, 2L, 3L), cs.stream().map(Chunk::firstLine).toList());
        assertEquals("f.nq", cs.get(0).feed());
    }

    @Test
    void aByteOrderMarkAtTheStartIsLeftOutButNotLater() throws IOException {
        List<Chunk> cs = chunks("\uFEFFa\n\uFEFFb\n", 6);
        assertEquals(List.of("a\n", "\uFEFFb\n"), cs.stream().map(Chunk::text).toList());
        assertEquals(List.of(1L, 2L), cs.stream().map(Chunk::firstLine).toList());
        assertEquals(List.of(), chunks("\uFEFF", 16).stream().filter(c -> c.length() > 0).toList());
    }

    @Test
    void crlfStaysWholeAndCountsAsOneLine() throws IOException {
        List<Chunk> cs = chunks("ab\r\ncd\r\nef\r\n", 5);
        assertEquals(List.of("ab\r\n", "cd\r\n", "ef\r\n"), cs.stream().map(Chunk::text).toList());
        assertEquals(List.of(1L, 2L, 3L), cs.stream().map(Chunk::firstLine).toList());
    }

    @Test
    void aLineLongerThanTheChunkSizeGetsAGrownChunk() throws IOException {
        String longLine = "x".repeat(100) + "\n";
        List<Chunk> cs = chunks("a\n" + longLine + "b\n", 8);
        assertEquals(List.of("a\n", longLine, "b\n"), cs.stream().map(Chunk::text).toList());
        assertEquals(List.of(1L, 2L, 3L), cs.stream().map(Chunk::firstLine).toList());
        List<Chunk> noNewline = chunks("y".repeat(50), 8);
        assertEquals(List.of("y".repeat(50)), noNewline.stream().map(Chunk::text).toList());
    }

    @Test
    void chunksOfAFeedCarryItsName() throws IOException {
        Feed feed = new Feed("dump.nq!/part", RdfFormat.NQUADS, new ByteArrayInputStream("a\n".getBytes()));
        assertEquals("dump.nq!/part", new LineChunker(feed, 16).next().feed());
    }

    /** Random lines (empty, CRLF, long, no final newline) through random chunk sizes and read sizes. */
    @Test
    void propertyChunksConcatenateToTheInputEndAtNewlinesAndNumberLines() throws IOException {
        Random r = new Random(42);
        for (int round = 0; round < 300; round++) {
            int lineCount = r.nextInt(200);
            ByteArrayOutputStream input = new ByteArrayOutputStream();
            List<Integer> lineStarts = new ArrayList<>(); // byte offset of each line
            for (int i = 0; i < lineCount; i++) {
                lineStarts.add(input.size());
                int len = r.nextInt(10) == 0 ? r.nextInt(300) : r.nextInt(40);
                for (int j = 0; j < len; j++) {
                    input.write('a' + r.nextInt(26));
                }
                boolean last = i == lineCount - 1;
                if (!(last && r.nextBoolean())) {
                    input.writeBytes(r.nextInt(4) == 0 ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
                }
            }
            byte[] data = input.toByteArray();
            int chunkSize = 1 + r.nextInt(r.nextBoolean() ? 16 : 512);
            InputStream in = new TrickleInputStream(data, r.nextLong());
            List<Chunk> cs = chunks(in, chunkSize, r.nextBoolean());

            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            for (int i = 0; i < cs.size(); i++) {
                Chunk c = cs.get(i);
                assertTrue(c.length() > 0, "no empty chunks");
                boolean endsAtNewline = c.bytes()[c.offset() + c.length() - 1] == '\n';
                assertTrue(endsAtNewline || i == cs.size() - 1, "only the last chunk may end without a newline");
                int start = joined.size();
                int lineIndex = lineStarts.indexOf(start);
                assertTrue(lineIndex >= 0, "chunk starts at a line start");
                assertEquals(lineIndex + 1, c.firstLine(), "first line number");
                // A chunk is cut at the last newline that fits unless a single line is longer.
                int newlines = (int) countNewlines(c);
                assertTrue(c.length() <= chunkSize || newlines <= 1 || endsAtNewline && newlines == 1,
                        "oversized chunk holds one line");
                joined.write(c.bytes(), c.offset(), c.length());
            }
            assertArrayEquals(data, joined.toByteArray(), "round " + round + " chunk size " + chunkSize);
        }
    }

    private static long countNewlines(Chunk c) {
        long n = 0;
        for (int i = c.offset(); i < c.offset() + c.length(); i++) {
            n += c.bytes()[i] == '\n' ? 1 : 0;
        }
        return n;
    }

    /** Returns fewer bytes than asked, as network and decompressor streams do. */
    private static final class TrickleInputStream extends InputStream {
        private final byte[] data;
        private final Random random;
        private int pos;

        TrickleInputStream(byte[] data, long seed) {
            this.data = data;
            this.random = new Random(seed);
        }

        @Override
        public int read() {
            return pos < data.length ? data[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= data.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, data.length - pos), 1 + random.nextInt(64));
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    @Test
    void afterTheEndNextStaysNull() throws IOException {
        LineChunker chunker = new LineChunker(new ByteArrayInputStream("a\n".getBytes()), "f", 4);
        assertEquals("a\n", chunker.next().text());
        assertNull(chunker.next());
        assertNull(chunker.next());
    }
}
