package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every byte-size option takes 512m / 2g / 64KiB and names itself and the value when it cannot. */
class ByteSizeOptionsTest {
    private static final List<String> LOAD_OPTIONS = List.of("--memory", "--commit-size");
    private static final List<String> SERVE_OPTIONS =
            List.of("--max-request-bytes", "--max-upload-bytes", "--bulk-upload-bytes", "--cache-size", "--table-memory");

    private static CommandLine.ParameterException refused(Object command, String... args) {
        return assertThrows(CommandLine.ParameterException.class, () -> new CommandLine(command).parseArgs(args));
    }

    @Test
    void everyByteOptionTakesSuffixedSizes() {
        LoadCommand load = new LoadCommand();
        new CommandLine(load).parseArgs("--store", "db", "--memory", "512m", "--commit-size", "64KiB", "x.nt");
        assertEquals(512L << 20, load.memory);
        assertEquals(64L << 10, load.commitSize);
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--store", "db", "--max-request-bytes", "1m", "--max-upload-bytes", "2g",
                "--bulk-upload-bytes", "1000", "--cache-size", "3G");
        assertEquals(1L << 20, serve.maxRequestBytes);
        assertEquals(2L << 30, serve.maxUploadBytes);
        assertEquals(1000, serve.bulkUploadBytes);
        assertEquals(3L << 30, serve.storeOptions().blockCacheBytes());
    }

    @Test
    void aBadSizeNamesTheOptionAndTheValue() {
        for (String option : LOAD_OPTIONS) {
            assertEquals("Invalid value for option '" + option + "': not a size: '12 apples' (write e.g. 512m or 2g)",
                    refused(new LoadCommand(), "--store", "db", option, "12 apples", "x.nt").getMessage());
        }
        for (String option : SERVE_OPTIONS) {
            assertEquals("Invalid value for option '" + option + "': not a size: 'lots' (write e.g. 512m or 2g)",
                    refused(new ServeCommand(), "--store", "db", option, "lots").getMessage());
            assertEquals("Invalid value for option '" + option + "': size out of range: '-1m'"
                    + (option.equals("--max-upload-bytes") || option.equals("--bulk-upload-bytes") || option.equals("--table-memory")
                            ? "" : " (at least 1 byte)"),
                    refused(new ServeCommand(), "--store", "db", option, "-1m").getMessage());
        }
    }

    @Test
    void zeroMeansNoLimitOnlyWhereTheOptionSaysSo() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--store", "db", "--max-upload-bytes", "0", "--bulk-upload-bytes", "0",
                "--table-memory", "0");
        assertEquals(0, serve.maxUploadBytes);
        assertEquals(0, serve.storeOptions().predicateTableBytes(), "no predicate held in memory");
        assertEquals(0, serve.bulkUploadBytes);
        assertEquals("Invalid value for option '--max-request-bytes': size out of range: '0' (at least 1 byte)",
                refused(new ServeCommand(), "--store", "db", "--max-request-bytes", "0").getMessage());
        assertEquals("Invalid value for option '--memory': size out of range: '0' (at least 1 byte)",
                refused(new LoadCommand(), "--store", "db", "--memory", "0", "x.nt").getMessage());
    }
}
