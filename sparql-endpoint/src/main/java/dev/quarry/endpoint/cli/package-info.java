/**
 * The {@code quarry} command line (picocli): {@link dev.quarry.endpoint.cli.Main} and one
 * class per subcommand. Every failure is one line on stderr and a non-zero exit code.
 */
package dev.quarry.endpoint.cli;
