/** The index files: a range-partitioned sort per index, one SST file per partition, the statistics. */
package dev.quarry.spark.index;
