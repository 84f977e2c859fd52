#!/bin/bash
# run1.sh KIND STORE OUT [jvm opts...]: start a server (quarry jar $JAR or oxigraph), run the official driver once, stop it.
set -u
kind=$1 store=$2 out=$3; shift 3
JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=${JAR:-/work/scratch/s/head.jar}
port=${PORT:-7900}
size=${SIZE:-pc2785}
cp=$(ls /work/scratch/bsbm-tools/*.jar | tr '\n' ':')
if [[ $kind == quarry ]]; then
  $JAVA -Xmx4g @/work/main/jvm/serve.options "$@" -jar $JAR serve --store $store --port $port --bind 127.0.0.1 --read-only > $out.server.log 2>&1 &
  url=http://127.0.0.1:$port/sparql
else
  oxigraph serve-read-only --location $store --bind 127.0.0.1:$port > $out.server.log 2>&1 &
  url=http://127.0.0.1:$port/query
fi
pid=$!
for i in $(seq 240); do curl -s -o /dev/null -f --max-time 5 --data-urlencode 'query=ASK {}' $url && break; sleep 0.5; done
(cd /work/scratch/bsbm-work/driver && $JAVA -cp $cp benchmark.testdriver.TestDriver -runs ${RUNS:-200} -w ${WARMUP:-50} -idir /work/scratch/bsbm-data/$size/td_data -seed 808080 ${MT:+-mt $MT} -o $out.xml $url > $out.driver.log 2>&1)
kill $pid; wait $pid 2>/dev/null
python3 - "$out.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
qm = r.find('.//qmph').text
qs = {q.get('nr'): float(q.find('aqet').text)*1000 for q in r.findall('.//query') if q.find('aqet') is not None}
print(f"QMpH {float(qm):.0f} " + " ".join(f"Q{k}={v:.3f}" for k, v in sorted(qs.items(), key=lambda x: int(x[0]))))
PY
