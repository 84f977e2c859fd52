/** End-to-end tests of the {@code quarry} command line: the runnable jar run as a child process. */
package dev.quarry.e2e.cli;
