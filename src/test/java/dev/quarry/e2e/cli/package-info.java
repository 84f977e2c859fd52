/** End-to-end tests of the {@code quarry} command line: the runnable jar run as a child process. *
 * <p>Imports: the built {@code quarry} jar as a process, and {@code QuadStore} to check what a command
 * left; never an endpoint or loader internal.
 */
package dev.quarry.e2e.cli;
