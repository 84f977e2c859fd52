#!/bin/bash
# allocrun.sh JAR NAME: warm server, explore run, then an explore run (seed 808080, 100 mixes) under the alloc profiler; prints total sampled bytes and GC count
cd /work/scratch/drv
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
$J/java -Xmx4g @/work/main/jvm/serve.options -Xlog:gc:file=out/$2.gc.log -jar $1 serve --store /work/scratch/s/q5m --port 7806 --bind 127.0.0.1 --read-only > out/$2.srv.log 2>&1 &
pid=$!
until grep -q "warm-up:" out/$2.srv.log; do sleep 1; done; sleep 1
RUNS=100 W=10 ./run.sh 7806 explore out/$2-w.xml > /dev/null
g0=$(grep -c "Pause Young" out/$2.gc.log)
$J/java /work/scratch/tools/Attach.java $pid "start,event=alloc,alloc=16k,total"
RUNS=100 W=0 ./run.sh 7806 explore out/$2-m.xml | grep QMpH | head -1
$J/java /work/scratch/tools/Attach.java $pid "stop,file=/work/scratch/s/$2.alloc,collapsed,total"
g1=$(grep -c "Pause Young" out/$2.gc.log)
kill $pid; wait $pid 2>/dev/null
python3 -c "
import sys
t=sum(int(l.rsplit(' ',1)[1]) for l in open('/work/scratch/s/$2.alloc'))
print('$2 allocated bytes (sampled total): %.1f MB, young GCs during the measured run: %d' % (t/1e6, $g1-$g0))"
