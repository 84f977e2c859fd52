/**
 * {@code quarry-spark build}: a store's files built on Apache Spark, for {@code quarry ingest}.
 * {@link dev.quarry.spark.BuildJob} is the data flow: {@code parse} (the loader's parser per
 * input split, each split numbering its own terms and namespaces), {@code dict} (global,
 * sequential ids for namespaces and terms, the dictionary files), {@code index} (a
 * range-partitioned sort per index, one SST file per partition, the statistics) and
 * {@code output} (files on any Hadoop file system, the manifest and the report).
 */
package dev.quarry.spark;
