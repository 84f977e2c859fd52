#!/bin/bash
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
Q='SELECT ?t (COUNT(?s) AS ?n) { ?s a ?t } GROUP BY ?t ORDER BY DESC(?n) LIMIT 10'
for round in 1 2; do for j in q152 h012; do
  setsid $JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/serve.options -jar /work/scratch/s/$j.jar serve --store /work/scratch/q1m --port 7878 --bind 127.0.0.1 --read-only --warm-up 0 > /work/scratch/typeab-srv.log 2>&1 &
  pid=$!
  for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:7878/sparql?query=ASK%7B%7D && break; sleep 0.3; done
  echo "$round $j $(python3 /work/scratch/qloop.py 7878 20 "$Q" 2>&1 | tail -1)"
  kill $pid; wait $pid 2>/dev/null
done; done
