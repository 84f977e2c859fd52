package dev.quarry.loader.prefix;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;

/**
 * Run in a child JVM with a small heap by {@link SharedPrefixesMemoryTest}: {@code riot FILE...}
 * parses the files at once with RIOT's own per-parser prefix maps (the unmodified path);
 * {@code quarry STORE FILE...} bulk-loads them. Prints {@code ok <statements>}.
 */
public final class PrefixLoadChild {
    private PrefixLoadChild() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("riot")) {
            AtomicLong n = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                Path file = Path.of(args[i]);
                Thread t = new Thread(() -> RDFParser.source(file).parse(new StreamRDFBase() {
                    @Override
                    public void triple(Triple triple) {
                        n.incrementAndGet();
                    }
                }));
                t.setUncaughtExceptionHandler((th, e) -> {
                    e.printStackTrace();
                    System.exit(2);
                });
                t.start();
                threads.add(t);
            }
            for (Thread t : threads) {
                t.join();
            }
            System.out.println("ok " + n.get());
        } else {
            List<String> files = List.of(args).subList(2, args.length);
            try (QuadStore store = QuadStore.open(Path.of(args[1]))) {
                LoadReport r = BulkLoader.load(store, LoadOptions.of(files).withThreads(files.size()).withFailOnError(true));
                System.out.println("ok " + r.totalRecords());
            }
        }
    }
}
