#!/usr/bin/env bash
# ab.sh FILE ROUNDS JAR... : alternated loads with each jar's AOT cache; total s, cpu s, rss, store
set -euo pipefail
file=$1; rounds=$2; shift 2
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
java=$JAVA_HOME/bin/java
work=/tmp/abwork; mkdir -p $work
for r in $(seq 1 "$rounds"); do
  for jar in "$@"; do
    name=$(basename "$jar" .jar)
    rm -rf "$work/store"; cat "$file" > /dev/null
    aot=$(/work/main/jvm/aot-cache "$jar")
    /usr/bin/time -f '%e %U %S %M' -o "$work/time.txt" "$java" -Xmx4g $aot -jar "$jar" load --store "$work/store" --report $work/r.json --progress=never "$file" > $work/out.txt 2>&1
    read -r wall user sys rss < <(tail -1 "$work/time.txt")
    st=$(python3 /work/scratch/ab/st.py $work/r.json)
    printf '%s\t%s\t%s\t%.1f\t%s\t%s\t%s\n' "$name" "$r" "$wall" "$(echo "$user + $sys" | bc)" "$rss" "$(du -sb "$work/store" | cut -f1)" "$st"
  done
done
