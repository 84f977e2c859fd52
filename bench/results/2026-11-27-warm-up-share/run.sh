#!/bin/bash
# run.sh PORT UCF OUT [args]: one driver run
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=$(find /work/scratch/bsbm-tools -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
p=$1; u=$2; o=$3; shift 3
cd /tmp/drv && $J -cp "/tmp/drv:$CP" benchmark.testdriver.TestDriver -ucf file:/tmp/drv/usecases/$u/sparql.txt -runs ${RUNS:-200} -w ${W:-50} -idir /work/scratch/bsbm-data/pc2785/td_data -seed ${SEED:-808080} -o $o.xml "$@" http://127.0.0.1:$p/sparql > $o.log 2>&1
python3 - $o.xml <<'PY'
import sys,re
x=open(sys.argv[1]).read()
q=re.search(r'<qmph>([\d.]+)',x).group(1)
out=[f"QMpH {float(q):.0f}"]
for m in re.finditer(r'<query nr="(\d+)">(.*?)</query>',x,re.S):
    a=re.search(r'<aqet>([\d.]+)',m.group(2))
    if a and float(a.group(1))>0: out.append(f"Q{m.group(1)} {float(a.group(1))*1000:.3f}")
print(" ".join(out))
PY
