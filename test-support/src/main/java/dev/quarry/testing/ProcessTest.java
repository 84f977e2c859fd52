package dev.quarry.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test of the process tier: it starts child JVMs or processes (kill -9, crash safety, memory
 * of a whole process). Run by the failsafe plugin in {@code verify}, not by the unit tier.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(ProcessTest.TAG)
public @interface ProcessTest {
    String TAG = "process";
}
