#!/usr/bin/env bash
# Peak RSS and time of a BSBM 25 M N-Triples load under -Xmx4g: the default budget (half the
# heap, given as --memory=2g) against three eighths of it (--memory=1536m), alternated. When
# loads.tsv was taken, the second was the build's default (LoadOptions.memoryBudget changed for the
# trial, not committed): the same budget, now given explicitly.
#   run.sh FILE ROUNDS   (FILE: the official generator's -pc 70812 dataset.nt; prints one TSV line a load)
set -euo pipefail
file=$1; rounds=${2:-3}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
. "$repo/.ci/java-home.sh"
export MALLOC_ARENA_MAX=2
jar=$repo/sparql-endpoint/target/quarry.jar
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
aot=$("$repo/jvm/aot-cache" "$jar" train)
printf 'budget\tround\twall_s\tcpu_s\tpeak_rss_mb\tspilled_runs\tpeak_heap_mb\n'
for r in $(seq 1 "$rounds"); do
  for budget in half three-eighths; do
    args=(--memory=1536m); [[ $budget == half ]] && args=(--memory=2g)
    rm -rf "$work/store"
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$JAVA_HOME/bin/java" -Xmx4g $aot -jar "$jar" load \
      --store "$work/store" --progress=never --report "$work/report.json" "${args[@]}" "$file" > "$work/out" 2>&1
    read -r wall user sys rss < "$work/time"
    read -r spilled heap < <(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['spilledRuns'], d['peakHeapBytes'] >> 20)" "$work/report.json")
    printf '%s\t%s\t%s\t%.1f\t%d\t%s\t%s\n' "$budget" "$r" "$wall" "$(echo "$user + $sys" | bc)" $((rss / 1024)) "$spilled" "$heap"
  done
done
