package dev.quarry.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test of the conformance tier: it runs a W3C test suite. Run by the failsafe plugin in
 * {@code verify}, not by the unit tier.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(ConformanceTest.TAG)
public @interface ConformanceTest {
    String TAG = "conformance";
}
