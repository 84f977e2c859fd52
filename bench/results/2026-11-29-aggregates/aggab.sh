#!/bin/bash
# aggab.sh: AggregateBench on the official BSBM 1 M store, benchmarks.jar of 152b147 (before sessions 18-19) and 012a402, alternated twice
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
for round in 1 2; do for b in 152b147 012a402; do
  echo "== $b round $round"
  $JAVA_HOME/bin/java -Xmx4g -cp /work/scratch/s/bench-$b.jar dev.quarry.bench.query.AggregateBench /work/scratch/q1m 5 2>&1 | grep '^|'
done; done
