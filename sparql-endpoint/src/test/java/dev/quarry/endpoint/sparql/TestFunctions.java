package dev.quarry.endpoint.sparql;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.function.FunctionBase1;
import org.apache.jena.sparql.function.FunctionRegistry;

/**
 * ARQ functions that let tests control how fast a query runs: {@code <urn:test:gate>(x)}
 * is true, but after {@link #GATE_OPEN_AFTER} calls it waits until the test opens the
 * gate; {@code <urn:test:slow>(x)} sleeps 20 ms per call; {@code <urn:test:thread>()} is the
 * name of the thread that evaluates it (an event loop's or a worker's).
 */
public final class TestFunctions {
    public static final int GATE_OPEN_AFTER = 2000;
    static final AtomicInteger calls = new AtomicInteger();
    static volatile CountDownLatch gate = new CountDownLatch(1);
    /** Set if a gated query waited the full 30 s: the client never got its first chunk. */
    static volatile boolean gateTimedOut;
    /** Counted down when a query reaches the gate. */
    static volatile CountDownLatch reached = new CountDownLatch(1);

    private TestFunctions() {}

    public static void register() {
        FunctionRegistry.get().put("urn:test:gate", Gate.class);
        FunctionRegistry.get().put("urn:test:slow", Slow.class);
        FunctionRegistry.get().put("urn:test:thread", ThreadName.class);
    }

    public static void resetGate() {
        calls.set(0);
        gate = new CountDownLatch(1);
        reached = new CountDownLatch(1);
        gateTimedOut = false;
    }

    public static final class Gate extends FunctionBase1 {
        @Override
        public NodeValue exec(NodeValue v) {
            if (calls.incrementAndGet() > GATE_OPEN_AFTER && gate.getCount() > 0) {
                reached.countDown();
                try {
                    if (!gate.await(30, TimeUnit.SECONDS)) {
                        gateTimedOut = true;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return NodeValue.TRUE;
        }
    }

    public static final class Slow extends FunctionBase1 {
        @Override
        public NodeValue exec(NodeValue v) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return NodeValue.TRUE;
        }
    }

    public static final class ThreadName extends org.apache.jena.sparql.function.FunctionBase0 {
        @Override
        public NodeValue exec() {
            return NodeValue.makeString(Thread.currentThread().getName());
        }
    }
}
