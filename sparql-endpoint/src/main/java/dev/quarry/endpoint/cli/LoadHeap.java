package dev.quarry.endpoint.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;

/**
 * The heap sizing of a {@code quarry load} process. After each marking cycle G1 grows the
 * heap until {@code MinHeapFreeRatio} (40 %) of it is free, so the resident size of a load
 * was about 1.7 times its live heap: at BSBM 25 M, ~1.5 GB live (dictionary and sorted runs
 * within the memory budget) and 2.9-3.2 GB resident, above Oxigraph's ~2.2 GB. With 5 % (and
 * at most 15 % kept free when it shrinks) the 25 M Turtle load stays at 2.1 GB for the same
 * time and CPU (43.7 / 43.9 s, 78 s CPU; 10 % and 25 %: 2.34 GB): the collections it adds are
 * cheap, as a load's old data are a few large arrays.
 * Both flags are manageable, so they are set here, for this process only, unless given
 * on the command line.
 */
final class LoadHeap {
    static final String MIN_FREE = "5";
    static final String MAX_FREE = "15";

    private LoadHeap() {}

    /** Sets the free-heap ratios for a load, leaving any given with {@code -XX:}. */
    static void tighten() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (isDefault(vm, "MinHeapFreeRatio") && isDefault(vm, "MaxHeapFreeRatio")) {
                vm.setVMOption("MinHeapFreeRatio", MIN_FREE); // first: it must stay <= MaxHeapFreeRatio
                vm.setVMOption("MaxHeapFreeRatio", MAX_FREE);
            }
        } catch (RuntimeException e) {
            // another VM or collector without these flags: the load runs with its defaults
        }
    }

    private static boolean isDefault(HotSpotDiagnosticMXBean vm, String flag) {
        return vm.getVMOption(flag).getOrigin() == VMOption.Origin.DEFAULT;
    }
}
