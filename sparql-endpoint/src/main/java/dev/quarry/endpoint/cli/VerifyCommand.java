package dev.quarry.endpoint.cli;

import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code quarry verify}: runs the store validator. */
@Command(name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Checks that a store agrees with itself.",
            "",
            "The indexes hold the same quads (SPOG, POSG and OSPG every quad, GSPO, GPOS and GOSP those of the named graphs), every term id decodes and the dictionary maps both ways, and the statistics match a recount. Reads the whole store once per index. Exit code 1 if any problem is found.",
            ""})
final class VerifyCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Override
    public Integer call() {
        try (QuadStore qs = store.openExisting(true)) {
            long start = System.nanoTime();
            ValidationReport report = StoreValidator.validate(qs);
            String took = Text.seconds(System.nanoTime() - start);
            if (report.ok()) {
                System.out.printf(Text.LOCALE, "ok: %,d quads and %,d dictionary terms checked in %s%n",
                        report.quads(), report.terms(), took);
                return Main.OK;
            }
            report.problems().forEach(System.out::println);
            throw new CliFailure(store.dir() + ": " + report.problems().size()
                    + (report.problems().size() >= StoreValidator.MAX_PROBLEMS ? " or more" : "")
                    + " problems found (listed on stdout)");
        }
    }
}
