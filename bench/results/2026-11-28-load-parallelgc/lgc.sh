#!/bin/bash
# lgc.sh LABEL FILE [jvm opts]: one load with s/c2596211.jar, extra JVM options; seconds, RSS, CPU
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin; l=$1; D=$2; shift 2
rm -rf /tmp/pg; cat $D > /dev/null; sync
/usr/bin/time -f "%e %M %U %S" -o /tmp/pg.time $J/java -Xmx4g -XX:AOTCache=s/c2596211.aot "$@" -jar s/c2596211.jar load --store /tmp/pg $D > /tmp/pg.log 2>&1
echo "$l $(basename $(dirname $D))/$(basename $D): $(awk '{printf "%s s, %d MB, cpu %.1f s", $1, $2/1024, $3+$4}' /tmp/pg.time); $(grep 'stage thread' /tmp/pg.log | sed 's/ *stage thread-seconds *//')"
rm -rf /tmp/pg
