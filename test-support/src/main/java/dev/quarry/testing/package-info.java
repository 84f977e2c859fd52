/**
 * Test support shared by the modules' tests: {@link dev.quarry.testing.ChildJvm} (a main class in
 * its own JVM, killable with SIGKILL), and the test tiers ({@link dev.quarry.testing.ProcessTest},
 * {@link dev.quarry.testing.ConformanceTest}: run by the failsafe plugin, not in the fast unit tier).
 *
 * <p>Imports: the JDK and JUnit only; never Quarry's code (every module's tests depend on this).
 */
package dev.quarry.testing;
