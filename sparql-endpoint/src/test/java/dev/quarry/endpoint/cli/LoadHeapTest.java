package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** A load tightens G1's free-heap ratios (peak RSS at BSBM 25 M), unless they were given with -XX:. */
class LoadHeapTest {
    @Test
    void aLoadKeepsLessOfTheHeapFree() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        VMOption min = vm.getVMOption("MinHeapFreeRatio");
        VMOption max = vm.getVMOption("MaxHeapFreeRatio");
        LoadHeap.tighten();
        if (min.getOrigin() == VMOption.Origin.DEFAULT && max.getOrigin() == VMOption.Origin.DEFAULT) {
            assertEquals(LoadHeap.MIN_FREE, vm.getVMOption("MinHeapFreeRatio").getValue());
            assertEquals(LoadHeap.MAX_FREE, vm.getVMOption("MaxHeapFreeRatio").getValue());
        } else { // given on the command line: left as given
            assertEquals(min.getValue(), vm.getVMOption("MinHeapFreeRatio").getValue());
            assertEquals(max.getValue(), vm.getVMOption("MaxHeapFreeRatio").getValue());
        }
    }
}
