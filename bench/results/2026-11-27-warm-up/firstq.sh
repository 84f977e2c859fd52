#!/usr/bin/env bash
# firstq.sh JAR SERVE_ARGS : fresh server; mean ms of the first 400 requests of two non-BSBM templates
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
R=/work/main/bench/results/2026-11-27-planner-ab
pkill -f "serve --store /work/scratch/lat/q1m"; sleep 1
MALLOC_ARENA_MAX=2 $J @/work/main/jvm/serve.options -Xmx4g -jar $1 serve --store /work/scratch/lat/q1m --port 7001 --bind 127.0.0.1 --read-only $2 > f-serve.log 2>&1 & pid=$!
for i in $(seq 100); do curl -s -o /dev/null --max-time 120 "http://127.0.0.1:7001/sparql?query=ASK%7B%7D" && break; sleep 0.2; done
a=$(python3 $R/interleaved.py 532 $R/producer-reviews.rq $R/producers.txt %P% http://127.0.0.1:7001/sparql | grep -o "mean [0-9.]*")
b=$(python3 $R/interleaved.py 532 $R/bsbm-q10.rq $R/products.txt %ProductXYZ% http://127.0.0.1:7001/sparql | grep -o "mean [0-9.]*")
echo "[$2] producer-reviews $a ms; q10-shape $b ms"
kill $pid; wait $pid 2>/dev/null
