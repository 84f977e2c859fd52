#!/bin/bash
# tload.sh JAR FILE TAG: one timed load into a fresh store
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
rm -rf /tmp/tt-store
/usr/bin/time -f "%e s %M KB %U user %S sys" -o /tmp/tt-time.txt $J -Xmx4g -jar $1 load --store /tmp/tt-store --report /tmp/tt-r.json --progress=never $2 > /tmp/tt-out.txt 2>&1
echo "$3 $(basename $2) $(cat /tmp/tt-time.txt) load=$(cut -d' ' -f1 /proc/loadavg) quads=$(grep -o '"totalRecords" : [0-9]*' /tmp/tt-r.json)"
rm -rf /tmp/tt-store
