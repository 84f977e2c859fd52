package dev.quarry.endpoint.monitor;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyAllocatorMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;

/**
 * The JVM and the process, through Micrometer's own binders: memory pools and buffers,
 * garbage collections, threads, classes, CPU (process and system, load average), uptime,
 * open file descriptors, and the memory of Netty's buffer allocator (the HTTP buffers,
 * off the heap). {@link #close} stops the GC listener.
 */
public final class ProcessMetrics implements AutoCloseable {
    private final JvmGcMetrics gc = new JvmGcMetrics();

    private ProcessMetrics() {}

    public static ProcessMetrics bind(MeterRegistry registry) {
        ProcessMetrics m = new ProcessMetrics();
        new JvmMemoryMetrics().bindTo(registry);
        m.gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new JvmInfoMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        if (ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider allocator) {
            new NettyAllocatorMetrics(allocator).bindTo(registry);
        }
        return m;
    }

    @Override
    public void close() {
        gc.close();
    }
}
