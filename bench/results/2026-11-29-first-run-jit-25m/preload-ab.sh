#!/bin/bash
# preload-ab.sh NAME JAR: a fresh server on q25m (30 s warm-up), one driver run (50 + 200 mixes);
# prints the warm-up's preload line, QMpH, JIT seconds and block-cache misses during the run.
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
cd /work/scratch
$JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/serve.options -jar $2 serve --store q25m --port 7831 --bind 127.0.0.1 --read-only > pab-$1.log 2>&1 &
pid=$!
until grep -q "warm-up:" pab-$1.log 2>/dev/null; do sleep 1; done
miss() { curl -s http://127.0.0.1:7831/metrics | grep -E '^quarry_rocksdb_block_cache_(miss|hit)_total' | awk '{printf "%s ", $2}'; }
m0=$(miss); j0=$(jstat -compiler $pid | tail -1 | awk '{print $4}')
r=$(DRVOPTS=-XX:TieredStopAtLevel=1 SRV_PID=$pid IDIR=/work/scratch/bsbm-data/pc70812/td_data ./drv2.sh http://127.0.0.1:7831/sparql -w 50 -runs 200)
m1=$(miss); j1=$(jstat -compiler $pid | tail -1 | awk '{print $4}')
echo "$1 | $(grep -o 'block cache: .*' pab-$1.log) | $r | jit $j0 -> $j1 | hit,miss before $m0 after $m1"
kill $pid; wait $pid 2>/dev/null
