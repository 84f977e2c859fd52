#!/bin/bash
# fresh.sh JAR STORE NAME [JVM opts...]: fresh server with GC log, warm-up, then one explore run per seed of SEEDS
# (default "808080 808080": the official seed twice); prints per template avg/geo/max.
# SERVE_OPTS: more options of `quarry serve` (e.g. "--warm-up 90").
JAR=$1; ST=$2; N=$3; shift 3
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
cd /work/scratch/drv
$J/java -Xmx4g @/work/main/jvm/serve.options "$@" -Xlog:gc:file=out/$N.gc.log -jar $JAR serve --store $ST ${SERVE_OPTS:-} --port 7805 --bind 127.0.0.1 --read-only > out/$N.srv.log 2>&1 &
pid=$!
until grep -q "warm-up:" out/$N.srv.log; do sleep 1; done; sleep 1
grep -c Pause out/$N.gc.log > out/$N.gc.before
r=0
for seed in ${SEEDS:-808080 808080}; do
  r=$((r+1))
  SEED=$seed IDIR=${IDIR:-/work/scratch/bsbm-data/pc14100/td_data} ./run.sh 7805 ${UC:-explore} out/$N-r$r.xml > /dev/null
  python3 - out/$N-r$r.xml <<'P'
import sys,xml.etree.ElementTree as ET
r=ET.parse(sys.argv[1]).getroot()
print(sys.argv[1], 'QMpH', r.find('.//qmph').text if r.find('.//qmph') is not None else '?')
print('  ' + '  '.join('Q%s %.3f/%.3f/%.1f' % (q.get('nr'), float(q.find('aqet').text)*1000, float(q.find('aqetg').text)*1000, float(q.find('maxqet').text)*1000) for q in r.iter('query') if q.find('aqet') is not None and q.find('executecount').text != '0'))
P
  echo "  gc pauses so far: $(grep -c Pause out/$N.gc.log) (after warm-up $(cat out/$N.gc.before))"
done
curl -s http://127.0.0.1:7805/metrics > out/$N.metrics 2>/dev/null # the server's metrics after the runs
kill $pid; wait $pid 2>/dev/null
