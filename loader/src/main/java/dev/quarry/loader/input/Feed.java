package dev.quarry.loader.input;

import java.io.InputStream;

/**
 * One stream of RDF to load: a file, an archive entry, a URL or stdin, already
 * decompressed. Feeds are the unit of progress, error reports and RESUME.
 *
 * @param name   stable name for reports and resume: the path or URL, {@code archive!/entry} for entries
 * @param format the syntax (detected from the name, or given by the user); null for an archive
 *               entry whose name tells no format: loaders skip such a feed with a warning
 * @param stream the decompressed bytes; the reader that produced it closes it
 */
public record Feed(String name, RdfFormat format, InputStream stream) {}
