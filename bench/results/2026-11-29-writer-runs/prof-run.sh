#!/bin/bash
# prof-run.sh JAR OUT: warm server (4 driver runs), then 3 driver runs under async-profiler (cpu, 200us)
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
J=$JAVA_HOME/bin
drv=/work/main/bench/results/2026-11-29-driver-jit/drv2.sh; export BSBM_TOOLS=/work/scratch/bsbm-tools
cd /work/scratch
$J/java -Xmx4g @/work/main/jvm/serve.options -jar $1 serve --store /work/scratch/q1m --port 7811 --bind 127.0.0.1 --read-only --warm-up 0 > srv-prof.log 2>&1 & echo $! > srv.pid; sleep 4
export DRVOPTS=-XX:TieredStopAtLevel=1
for i in 1 2 3 4; do $drv http://127.0.0.1:7811/sparql -w 50 -runs 200 > /dev/null; done
$J/jcmd $(cat srv.pid) JVMTI.agent_load /tmp/ap/linux-x64/libasyncProfiler.so "\"start,event=cpu,interval=200us,threads\"" > /dev/null
for i in 1 2 3; do $drv http://127.0.0.1:7811/sparql -w 50 -runs 200; done
$J/jcmd $(cat srv.pid) JVMTI.agent_load /tmp/ap/linux-x64/libasyncProfiler.so "\"stop,file=$2,collapsed\"" > /dev/null
kill $(cat srv.pid); wait
