#!/usr/bin/env bash
# jit.sh NAME JAR [JVMFLAGS...] : fresh Quarry server (1 M), one official driver run (50 warm-up + 200 mixes)
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=$(find /work/scratch/bsbm-tools -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
name=$1; jar=$2; shift 2
cd /work/scratch/lat
pkill -f "serve --store /work/scratch/lat/q1m" ; sleep 1
MALLOC_ARENA_MAX=2 $J "$@" -Xmx4g -jar $jar serve --store /work/scratch/lat/q1m --port 7001 --bind 127.0.0.1 --read-only > j-serve.log 2>&1 & pid=$!
for i in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:7001/sparql?query=ASK%7B%7D" && break; sleep 0.2; done
(cd /work/scratch/bsbm-work/driver && $J -cp "$CP" benchmark.testdriver.TestDriver -runs 200 -w 50 -idir /work/scratch/bsbm-data/pc2785/td_data -seed 808080 -o /work/scratch/lat/j-$name.xml http://127.0.0.1:7001/sparql > /work/scratch/lat/j-$name.log 2>&1)
cpu=$(awk '{print ($14+$15)/100}' /proc/$pid/stat)
echo "$name $(grep -o 'QMpH:.*' j-$name.log | awk '{print $2}') cpu=${cpu}s $(python3 /work/scratch/tpl.py j-$name.xml)"
kill $pid; wait $pid 2>/dev/null
