#!/bin/bash
# ab25.sh JAR...: official driver (1 client, 50 warm-up + 200 mixes, C1-only driver) against a fresh server of each jar on the 25 M store, jars alternated twice; per-template avg ms
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
cp=$(ls /work/main/bench/target/bsbm-tools/*.jar | paste -sd:)
for round in 1 2; do for jar in "$@"; do
  name=$(basename $jar .jar)
  setsid $JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/serve.options -jar $jar serve --store /work/scratch/q25m --port 7878 --bind 127.0.0.1 --read-only --access-log off --log-level debug > /work/scratch/ab25-$name-$round.log 2>&1 &
  pid=$!
  for i in $(seq 240); do curl -s -o /dev/null http://127.0.0.1:7878/sparql?query=ASK%7B%7D && break; sleep 0.5; done
  (cd /work/scratch/bsbm-work/driver && $JAVA_HOME/bin/java -XX:TieredStopAtLevel=1 -cp $cp benchmark.testdriver.TestDriver -idir /work/scratch/bsbm-data/pc70812/td_data -seed 808080 -w 50 -runs 200 -o /work/scratch/ab25-$name-$round.xml http://127.0.0.1:7878/sparql > /work/scratch/ab25-drv.log 2>&1)
  kill $pid; wait $pid 2>/dev/null
  python3 - /work/scratch/ab25-$name-$round.xml $name $round <<'PY'
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
qmph = r.find('querymix/qmph').text
qs = {q.get('nr'): q.find('aqet').text for q in r.findall('queries/query') if q.find('aqet') is not None}
print(sys.argv[3], sys.argv[2], 'QMpH', round(float(qmph)), ' '.join('Q%s=%.2f' % (k, float(v) * 1000) for k, v in sorted(qs.items(), key=lambda kv: int(kv[0]))))
PY
  grep -c "quads held" /work/scratch/ab25-$name-$round.log | sed 's/^/   tables held: /'
done; done
