/** The build directory on any Hadoop file system and the SST files written into it. */
package dev.quarry.spark.output;
