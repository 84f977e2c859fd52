#!/usr/bin/env bash
# A/B(/C) loads for docs/loader-merge.md: each round loads FILE once with every jar, in turn,
# into a fresh store; prints one TSV row per load: jar, round, total s (report), merge s
# (timeline: first "merging" row to the "committing" row), the merge's process CPU s (same rows),
# the load's CPU s (user + system), peak RSS KB, store bytes (du -sb). On a shared machine the CPU
# seconds vary less than the wall-clock ones.
# Usage: bench/loader-merge/ab.sh FILE ROUNDS JAR...
set -euo pipefail
file=$1; rounds=$2; shift 2
work=${WORK:-/tmp/loader-merge-ab}
java=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
mkdir -p "$work"
printf 'jar\tround\ttotal_s\tmerge_s\tmerge_cpu_s\tcpu_s\tpeak_rss_kb\tstore_bytes\n'
for r in $(seq 1 "$rounds"); do
  for jar in "$@"; do
    name=$(basename "$jar" .jar)
    rm -rf "$work/store"
    /usr/bin/time -f '%U %S %M' -o "$work/time.txt" "$java" -Xmx4g -jar "$jar" load --store "$work/store" \
      --report "$work/r.json" --timeline "$work/t.tsv" --progress=never "$file" > /dev/null
    total=$(python3 -c "import json;print(json.load(open('$work/r.json'))['totalTimeSpent'])")
    merge=$(awk -F'\t' '$2=="merging" && !m {m=$1; mc=$7} $2=="committing" {c=$1; cc=$7} END {printf "%.2f\t%.2f", (c-m)/1000, (cc-mc)/1000}' "$work/t.tsv")
    read -r user sys rss < <(tail -1 "$work/time.txt")
    cpu=$(python3 -c "print(round($user + $sys, 2))")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$r" "$total" "$merge" "$cpu" "$rss" "$(du -sb "$work/store" | cut -f1)"
  done
done
rm -rf "$work/store"
