/**
 * Which data sources the server may read on a client's behalf ({@code LOAD <file:...>},
 * later the loader API): local files only inside the directories the operator allowed,
 * remote http(s) documents only when enabled.
 *
 * <p>Imports: the JDK only: policy, no HTTP, no loader, no store.
 */
package dev.quarry.endpoint.source;
