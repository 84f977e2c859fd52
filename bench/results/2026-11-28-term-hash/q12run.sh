#!/bin/bash
# q12run.sh JAR STORE PORT: fresh server, q12.py 4000 queries
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
$J/java -Xmx4g @/work/main/jvm/serve.options -jar $1 serve --store $2 --port $3 --bind 127.0.0.1 --read-only > /tmp/q12srv.log 2>&1 &
pid=$!
for i in $(seq 100); do curl -sf "http://127.0.0.1:$3/sparql?query=ASK%7B%7D" > /dev/null && break; sleep 0.2; done
echo -n "$(basename $1) "; python3 /work/scratch/q12.py $3 4000
kill $pid; wait $pid 2>/dev/null
