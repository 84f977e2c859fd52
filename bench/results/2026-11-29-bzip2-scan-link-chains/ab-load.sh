#!/bin/bash
# ab-load.sh FILE ROUNDS NAME=JAR...: alternated loads of FILE by each build (jvm/load.options, its AOT cache
# beside the jar as NAME.aot, -Xmx4g); prints round, build, wall s, user+sys CPU s, peak RSS KB, stage thread-seconds.
file=$1; rounds=$2; shift 2
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
store=${TMPDIR:-/tmp}/ab-load-store
cat "$file" > /dev/null
for r in $(seq $rounds); do
  for spec in "$@"; do
    name=${spec%%=*}; jar=${spec#*=}; aot=${jar%.jar}.aot
    rm -rf $store
    s=$(date +%s.%N)
    /usr/bin/time -f "%U %S %M" -o /tmp/ab.time $JAVA_HOME/bin/java @$repo/jvm/load.options -XX:AOTCache=$aot -Xmx4g -jar $jar load --store $store "$file" > /tmp/ab.log 2>&1
    e=$(date +%s.%N)
    printf "%s\t%s\t%.2f\t%s\t%s\n" $r $name $(echo "$e - $s" | bc) "$(cat /tmp/ab.time)" "$(grep 'stage thread' /tmp/ab.log | sed 's/ *stage thread-seconds *//')"
  done
done
