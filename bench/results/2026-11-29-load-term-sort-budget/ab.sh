#!/usr/bin/env bash
# jarab.sh FILE ROUNDS JAR... : alternated loads of jars with jvm/load.options, -Xmx4g
set -u
file=$1; rounds=$2; shift 2
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
w=/tmp/jarwork; mkdir -p $w
for r in $(seq 1 $rounds); do
  for jar in "$@"; do
    aot=$(/work/main/jvm/aot-cache $jar train 2>/dev/null)
    rm -rf $w/store; cat "$file" > /dev/null
    /usr/bin/time -f '%e %U %S %M' -o $w/time $JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/load.options $aot -jar $jar load --store $w/store --progress=never --report $w/r.json "$file" > $w/out 2>&1
    read -r wall user sys rss < $w/time
    q=$(grep -o '"totalRecords" *: *[0-9]*' $w/r.json | grep -o '[0-9]*$')
    printf '%s\t%s\t%s\t%.1f\t%s\t%s\n' "$(basename $jar)" "$r" "$wall" "$(echo "$user + $sys" | bc)" "$rss" "$q"
  done
done
