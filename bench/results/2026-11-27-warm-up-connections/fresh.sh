#!/bin/bash
# fresh.sh JAR STORE IDIR NAME: a fresh server, its warm-up, then two driver runs; JIT counts between
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
cd /work/scratch/s9
$J/java -Xmx4g @/work/main/jvm/serve.options -jar $1 serve --store $2 --port 7101 --bind 127.0.0.1 --read-only > /tmp/drv/$4.srv.log 2>&1 &
pid=$!
until grep -q "warm-up:" /tmp/drv/$4.srv.log; do sleep 1; done; sleep 1
w=$(grep -o "warm-up: .*" /tmp/drv/$4.srv.log)
js() { $J/jstat -compiler $pid | tail -1 | awk '{print $1, $4}'; }
a=$(js); cd /tmp/drv
r1=$(IDIR=$3 ./run.sh 7101 ${UC:-explore} /tmp/drv/$4-r1); b=$(js)
r2=$(IDIR=$3 ./run.sh 7101 ${UC:-explore} /tmp/drv/$4-r2); c=$(js)
kill $pid; wait $pid 2>/dev/null
echo "$4 | $w | jit after warm-up $a, after run1 $b, after run2 $c"
echo "  r1 $r1"
echo "  r2 $r2"
