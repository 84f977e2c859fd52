#!/bin/bash
# run.sh PORT USECASE OUT  (env RUNS W SEED IDIR URLPATH)
cd /work/scratch/drv
CP=$(find /work/scratch/bsbm-tools -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
/usr/lib/jvm/temurin-25-jdk-amd64/bin/java -cp "/work/scratch/drv:$CP" benchmark.testdriver.TestDriver -runs ${RUNS:-200} -w ${W:-50} -seed ${SEED:-808080} -idir ${IDIR:-/work/scratch/bsbm-data/pc14100/td_data} -ucf file:/work/scratch/drv/usecases/$2/sparql.txt -o $3 http://127.0.0.1:$1${URLPATH:-/sparql} > $3.log 2>&1
grep -E "QMpH|Query 1[12]" -A0 $3.log | head; python3 - $3 <<'P'
import sys,xml.etree.ElementTree as ET
r=ET.parse(sys.argv[1]).getroot()
print("QMpH", r.find('.//qmph').text if r.find('.//qmph') is not None else '?')
for q in r.iter('query'):
    n=q.get('nr'); a=q.find('aqet')
    if a is not None and q.find('executecount') is not None and q.find('executecount').text!='0': print('Q'+n, 'avg ms %.3f'%(float(a.text)*1000), 'count', q.find('executecount').text)
P
