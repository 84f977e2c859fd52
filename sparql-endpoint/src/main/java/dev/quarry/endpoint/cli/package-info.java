/**
 * The {@code quarry} command line (picocli): {@link dev.quarry.endpoint.cli.Main} and one
 * class per subcommand. Every failure is one line on stderr and a non-zero exit code.
 *
 * <p>Imports: any endpoint package, the loader's public API, the store and the engine: the CLI is a
 * top; nothing imports it.
 */
package dev.quarry.endpoint.cli;
