/** JMH benchmarks of single loader stages (decompress, parse, encode, sort, SST write), each on generated data. */
package dev.quarry.bench.stages;
