#!/bin/bash
# ab-drv.sh BASE_JAR NEW_JAR STORE TD_DATA ROUNDS: both servers up at once (read-only, --warm-up 0; base on STORE, new on a copy at STORE-b: a store opens in one process at a time),
# each warmed by 5 driver runs, then ROUNDS alternated pairs of one-client driver runs (order switching);
# prints QMpH and the server's CPU seconds of each run.
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
J=$JAVA_HOME/bin/java
drv=/work/main/bench/results/2026-11-29-driver-jit/drv2.sh; export BSBM_TOOLS=/work/scratch/bsbm-tools
cd /work/scratch
$J -Xmx4g @/work/main/jvm/serve.options -jar $1 serve --store $3 --port 7821 --bind 127.0.0.1 --read-only --warm-up 0 > ab-base.log 2>&1 & bp=$!
$J -Xmx4g @/work/main/jvm/serve.options -jar $2 serve --store $3-b --port 7822 --bind 127.0.0.1 --read-only --warm-up 0 > ab-new.log 2>&1 & np=$!
sleep 5
export DRVOPTS=-XX:TieredStopAtLevel=1
run() { local name=$1 port=$2 pid=$3; shift 3; echo "$name $(SRV_PID=$pid IDIR=$TD $drv http://127.0.0.1:$port/sparql -w 50 -runs 200 "$@")"; }
TD=$4
for i in 1 2 3 4 5; do run base 7821 $bp >/dev/null; run new 7822 $np > /dev/null; done
for r in $(seq 1 $5); do
  if (( r % 2 )); then run base 7821 $bp; run new 7822 $np; else run new 7822 $np; run base 7821 $bp; fi
done
kill $bp $np; wait
