package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

class GzipMembersInputStreamTest {
    private static byte[] read(byte[] gz) throws IOException {
        try (GzipMembersInputStream in = new GzipMembersInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }

    /** A member with every optional header field (as some tools write), built by hand per RFC 1952. */
    private static byte[] memberWithAllHeaderFields(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3});
        out.write(new byte[] {5, 0, 'A', 'B', 3, 0, 'x'}); // FEXTRA: XLEN=5, one subfield
        out.write("name.nq\0".getBytes(StandardCharsets.ISO_8859_1)); // FNAME
        out.write("a comment\0".getBytes(StandardCharsets.ISO_8859_1)); // FCOMMENT
        out.write(new byte[] {0x12, 0x34}); // FHCRC (not checked, as gzip does not require it)
        try (DeflaterOutputStream d = new DeflaterOutputStream(out, new Deflater(6, true), true) {
            @Override
            public void close() throws IOException {
                finish(); // keep `out` open for the trailer
            }
        }) {
            d.write(data);
        }
        CRC32 crc = new CRC32();
        crc.update(data);
        writeUInt32(out, crc.getValue());
        writeUInt32(out, data.length);
        return out.toByteArray();
    }

    private static void writeUInt32(ByteArrayOutputStream out, long v) {
        for (int i = 0; i < 4; i++) {
            out.write((int) (v >>> (8 * i)) & 0xff);
        }
    }

    @Test
    void optionalHeaderFieldsAreSkipped() throws IOException {
        byte[] a = TestData.nquads(100, 41);
        byte[] b = TestData.nquads(50, 42);
        byte[] gz = CompressionTest.concat(memberWithAllHeaderFields(a), TestData.compress(Compression.GZIP, b));
        assertArrayEquals(CompressionTest.concat(a, b), read(gz));
    }

    @Test
    void garbageAfterAMemberIsAnErrorNotTheEnd() throws IOException {
        byte[] gz = CompressionTest.concat(TestData.compress(Compression.GZIP, TestData.nquads(10, 43)),
                "trailing junk".getBytes(StandardCharsets.US_ASCII));
        IOException e = assertThrows(IOException.class, () -> read(gz));
        assertEquals("garbage after a gzip member", e.getMessage());
    }

    @Test
    void aWrongCrcIsDetected() throws IOException {
        byte[] gz = TestData.compress(Compression.GZIP, TestData.nquads(10, 44));
        gz[gz.length - 8] ^= 1; // first byte of the CRC32 trailer
        IOException e = assertThrows(IOException.class, () -> read(gz));
        assertEquals("CRC mismatch in gzip member", e.getMessage());
    }

    @Test
    void singleByteReadsSeeTheSameBytes() throws IOException {
        byte[] data = TestData.nquads(20, 45);
        byte[] gz = TestData.compressMembers(Compression.GZIP, data, data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GzipMembersInputStream in = new GzipMembersInputStream(new ByteArrayInputStream(gz))) {
            int c;
            while ((c = in.read()) >= 0) {
                out.write(c);
            }
        }
        assertArrayEquals(CompressionTest.concat(data, data), out.toByteArray());
    }
}
