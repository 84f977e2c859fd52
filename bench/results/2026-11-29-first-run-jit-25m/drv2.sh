#!/usr/bin/env bash
# drv2.sh URL ARGS...: official driver with DRVOPTS JVM options; prints QMpH, server CPU, driver CPU
set -e
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
url=$1; shift
cp=$(find /work/scratch/bsbm-tools -name "*.jar" ! -name "jena-fuseki-server-*" | paste -sd:)
spid=${SRV_PID:-$(cat /work/scratch/srv.pid)}
tick() { awk '{print $14+$15}' /proc/$spid/stat; }
s0=$(tick); t0=$(date +%s.%N)
(cd /work/scratch/bsbm-work/driver && /usr/bin/time -f "%U %S" -o /work/scratch/drv-time.txt $JAVA_HOME/bin/java $DRVOPTS -cp $cp benchmark.testdriver.TestDriver -idir ${IDIR:-/work/scratch/bsbm-data/pc2785/td_data} -seed 808080 "$@" $url > /work/scratch/drv.log 2>&1)
s1=$(tick); t1=$(date +%s.%N)
echo "opts=[$DRVOPTS] $* wall $(echo "$t1-$t0"|bc|cut -c1-5) server cpu $(echo "($s1-$s0)/100"|bc -l|cut -c1-5) driver cpu $(cat /work/scratch/drv-time.txt) $(grep -i "QMpH" /work/scratch/drv.log | tail -1 | awk '{print $2}')"
