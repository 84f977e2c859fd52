#!/usr/bin/env bash
# flagab.sh FILE ROUNDS "flags A" "flags B" ... : alternated loads of the current jar with JVM flags
set -u
file=$1; rounds=$2; shift 2
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
jar=/work/main/sparql-endpoint/target/quarry.jar
aot=$(/work/main/jvm/aot-cache $jar train 2>/dev/null)
w=/tmp/flagwork; mkdir -p $w
for r in $(seq 1 $rounds); do
  i=0
  for flags in "$@"; do
    i=$((i+1)); rm -rf $w/store; cat "$file" > /dev/null
    /usr/bin/time -f '%e %U %S %M' -o $w/time $JAVA_HOME/bin/java -Xmx4g $aot $flags -jar $jar load --store $w/store --progress=never --report $w/r.json "$file" > $w/out 2>&1
    read -r wall user sys rss < $w/time
    printf '%s\t%s\t%s\t%.1f\t%s\t%s\n' "$i" "$r" "$wall" "$(echo "$user + $sys" | bc)" "$rss" "$flags"
  done
done
