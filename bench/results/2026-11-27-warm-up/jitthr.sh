#!/usr/bin/env bash
# jitthr.sh NAME JAR [JVMFLAGS...] : like jit.sh, plus CPU seconds per thread group at the end
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=$(find /work/scratch/bsbm-tools -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
name=$1; jar=$2; shift 2
cd /work/scratch/lat
pkill -f "serve --store /work/scratch/lat/q1m" ; sleep 1
MALLOC_ARENA_MAX=2 $J @/work/main/jvm/serve.options "$@" -Xmx4g -jar $jar serve --store /work/scratch/lat/q1m --port 7001 --bind 127.0.0.1 --read-only $SERVE_ARGS > j-serve.log 2>&1 & pid=$!
for i in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:7001/sparql?query=ASK%7B%7D" && break; sleep 0.2; done
(cd /work/scratch/bsbm-work/driver && $J -cp "$CP" benchmark.testdriver.TestDriver ${MT:+-mt $MT} -runs 200 -w 50 -idir /work/scratch/bsbm-data/pc2785/td_data -seed ${SEED:-808080} -o /work/scratch/lat/j-$name.xml http://127.0.0.1:7001/sparql > /work/scratch/lat/j-$name.log 2>&1)
cpu=$(awk '{print ($14+$15)/100}' /proc/$pid/stat)
thr=$(for t in /proc/$pid/task/*; do echo "$(cat $t/comm | sed 's/[-_ ]*[0-9]*$//' | tr ' ' _) $(awk '{print $14+$15}' $t/stat)"; done | awk '{a[$1]+=$2} END {for (k in a) if (a[k]>20) printf "%s=%.1f ", k, a[k]/100}')
echo "$name $(grep -o 'QMpH:.*' j-$name.log | awk '{print $2}') cpu=${cpu}s $thr"
kill $pid; wait $pid 2>/dev/null
