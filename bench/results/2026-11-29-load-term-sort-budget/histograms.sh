#!/usr/bin/env bash
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
jar=/work/main/sparql-endpoint/target/quarry.jar
w=/tmp/rss25; rm -rf $w/hstore
aot=$(/work/main/jvm/aot-cache $jar train)
$JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/load.options $aot -Xlog:gc:file=$w/h.gc:uptime -jar $jar load --store $w/hstore --progress=always /work/scratch/bsbm-data/pc70812/dataset.nt > $w/h.out 2>&1 &
pid=$!
for t in $1; do sleep $t; echo "== after +$t s $(tail -c 100 $w/h.out | tr '\r' '\n' | tail -1)"; $JAVA_HOME/bin/jcmd $pid GC.class_histogram | head -16; grep VmRSS /proc/$pid/status; done
wait
rm -rf $w/hstore
