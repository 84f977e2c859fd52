#!/usr/bin/env bash
# rss25f.sh TAG [java opts...]: 25M .nt load, RSS + progress phase every 0.2 s
set -u
tag=$1; shift
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
jar=${JAR:-/work/main/sparql-endpoint/target/quarry.jar}
w=/tmp/rss25; rm -rf $w/store-$tag; mkdir -p $w
aot=$(/work/main/jvm/aot-cache $jar train)
/usr/bin/time -f '%e %U %S %M' -o $w/$tag.time $JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/load.options $aot -Xlog:gc:file=$w/$tag.gc:uptime "$@" -jar $jar load --store $w/store-$tag --progress=always /work/scratch/bsbm-data/pc70812/dataset.nt > $w/$tag.out 2>&1 &
tpid=$!; sleep 0.5; pid=$(pgrep -P $tpid java || pgrep -P $tpid)
: > $w/$tag.samples; t0=$(date +%s%N)
while kill -0 $pid 2>/dev/null; do
  rss=$(awk '/VmRSS/ {print $2}' /proc/$pid/status 2>/dev/null)
  ph=$(tail -c 120 $w/$tag.out | tr '\r' '\n' | tail -1 | cut -c1-40)
  echo "$(( ($(date +%s%N) - t0) / 1000000 + 500 )) $rss $ph" >> $w/$tag.samples
  sleep 0.2
done
wait
rm -rf $w/store-$tag
cat $w/$tag.time
