#!/bin/bash
# fresh.sh NAME JAR STORE PORT: fresh server (default warm-up), one explore driver run, prints warm-up line + result
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
n=$1; jar=$2; store=$3; port=$4
MALLOC_ARENA_MAX=2 $J @/work/main/jvm/serve.options -jar $jar serve --store $store --port $port --read-only > /tmp/drv/f-$n.log 2>&1 & pid=$!
for i in $(seq 600); do grep -q "QuarryServer: serving" /tmp/drv/f-$n.log && break; sleep 0.2; done
w=$(grep -o "warm-up: [0-9]* queries.*" /tmp/drv/f-$n.log)
r=$($(dirname "$0")/run.sh $port explore /tmp/drv/f-$n)
echo "$n | $w | $r"
kill $pid; wait $pid 2>/dev/null
