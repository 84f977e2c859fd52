#!/usr/bin/env bash
# warm2.sh JAR PORT ROUNDS: fresh server, generic training (train.py ROUNDS), then one driver run
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=$(find /work/scratch/bsbm-tools -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
cd /work/scratch/lat
MALLOC_ARENA_MAX=2 $J $JFLAGS -Xmx4g -jar $1 serve --store /work/scratch/lat/q1m --port $2 --bind 127.0.0.1 --read-only $SERVE_ARGS > w-serve.log 2>&1 & pid=$!
for i in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$2/sparql?query=ASK%7B%7D" && break; sleep 0.2; done
s=$(date +%s.%N); python3 /work/scratch/lat/gwarm.py $2 $3 >&2; e=$(date +%s.%N)
(cd /work/scratch/bsbm-work/driver && $J -cp "$CP" benchmark.testdriver.TestDriver -runs 200 -w 50 -idir /work/scratch/bsbm-data/pc2785/td_data -seed 808080 -o /work/scratch/lat/d-w.xml http://127.0.0.1:$2/sparql > /work/scratch/lat/d-w.log 2>&1)
echo "train $3 rounds $(echo "$e - $s" | bc) s; quarry $(grep -o 'QMpH:.*' d-w.log | awk '{print $2}') $(python3 /work/scratch/tpl.py d-w.xml)"
kill $pid; wait $pid 2>/dev/null
