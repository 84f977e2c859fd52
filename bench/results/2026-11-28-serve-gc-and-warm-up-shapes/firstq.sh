#!/usr/bin/env bash
# firstq.sh JAR : fresh server (default warm-up); mean ms of the first requests of two non-BSBM queries
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
R=/work/main/bench/results/2026-11-27-planner-ab
MALLOC_ARENA_MAX=2 $J @/work/main/jvm/serve.options -Xmx4g -jar $1 serve --store /work/scratch/st1m --port 7001 --bind 127.0.0.1 --read-only > /tmp/f-serve.log 2>&1 & pid=$!
for i in $(seq 300); do curl -s -o /dev/null --max-time 120 "http://127.0.0.1:7001/sparql?query=ASK%7B%7D" && break; sleep 0.2; done
a=$(python3 $R/interleaved.py 532 $R/producer-reviews.rq $R/producers.txt %P% http://127.0.0.1:7001/sparql | grep -o "mean [0-9.]*")
b=$(python3 $R/interleaved.py 532 $R/producer-offers-count.rq $R/producers.txt %P% http://127.0.0.1:7001/sparql | grep -o "mean [0-9.]*")
echo "$1 producer-reviews $a ms; producer-offers-count $b ms"
kill $pid; wait $pid 2>/dev/null
