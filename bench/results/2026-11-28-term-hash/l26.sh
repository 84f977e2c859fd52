#!/bin/bash
# l25.sh NAME FILE: one load of FILE with s/NAME.jar (+aot); prints seconds, RSS, stalls
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin; n=$1; D=$2
rm -rf /tmp/pl; cat $D > /dev/null; sync
/usr/bin/time -f "%e %M" -o /tmp/pl.time $J/java -Xmx4g $JOPTS -XX:AOTCache=s/$n.aot -jar s/$n.jar load --store /tmp/pl --timeline /tmp/pl-$n.tl $D > /tmp/pl-$n.log 2>&1
st=$(awk -F'\t' 'NR>1 && $2=="reading" {if (pq!="" && $4-pq < 300000 && $1-pt>500) s+=$1-pt; pq=$4; pt=$1} END {print s+0}' /tmp/pl-$n.tl)
echo "$n$JOPTS $(basename $(dirname $D))/$(basename $D): $(cat /tmp/pl.time | awk '{printf "%s s, %d MB", $1, $2/1024}'), store $(du -sm /tmp/pl | cut -f1) MB; $(grep 'stage thread' /tmp/pl-$n.log | sed 's/ *stage thread-seconds *//')"
du -sm /tmp/pl | cut -f1 > /tmp/pl.size; rm -rf /tmp/pl
