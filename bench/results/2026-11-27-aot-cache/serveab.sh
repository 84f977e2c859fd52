#!/usr/bin/env bash
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=$(find /work/scratch/bsbm-tools -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
cd /work/scratch/aotload
for r in 1 2 3; do for mode in plain aot; do
  opt=""; [ $mode = aot ] && opt="-XX:AOTCache=/work/scratch/aotload/q3.aot"
  MALLOC_ARENA_MAX=2 $J @/work/main/jvm/serve.options $opt -Xmx4g -jar /work/scratch/aotload/q3.jar serve --store /work/scratch/aotload/s1m --port 7906 --bind 127.0.0.1 --read-only > s-$mode.log 2>&1 & pid=$!
  for i in $(seq 300); do curl -s -o /dev/null 'http://127.0.0.1:7906/sparql?query=ASK%7B%7D' && break; sleep 0.2; done
  $J -cp "$CP" benchmark.testdriver.TestDriver -runs 200 -w 50 -idir /work/scratch/bsbm-data/pc2785/td_data -seed 808080 -o d-$mode.xml http://127.0.0.1:7906/sparql > d-$mode.log 2>&1
  echo "$r $mode $(grep -o 'QMpH:.*' d-$mode.log | awk '{print $2}') $(python3 /work/scratch/tpl.py d-$mode.xml) | $(grep -o 'warm-up: .*' s-$mode.log)"
  kill $pid; wait $pid 2>/dev/null
done; done
