#!/usr/bin/env bash
# Spark build (quarry-spark build, local mode) + quarry ingest vs quarry load, on one file, for
# docs/scale-out.md. For each master in MASTERS (default "local[1] local[2]") and ROUNDS rounds:
# a fresh build directory and store; prints one TSV row per run: what, round, wall s, CPU s
# (user + system), peak RSS KB, and for builds the report's stage seconds. Then one quarry load
# per round. With CHECK=1 the last build's store and the last load's store are compared (quads as
# sorted N-Quads, blank node labels without their load scope; statistics) and verified.
# Usage: bench/spark/build.sh FILE [ROUNDS]     (builds the jars if missing)
#   e.g. bench/spark/build.sh /work/scratch/bsbm-data/pc14100/dataset.nt 1
# The generated-data comparison (named and blank-node graphs, every inline literal kind, bad lines;
# same quads, statistics, errors and query answers as quarry load) at 1 M lines instead of CI's 100 k:
#   ./mvnw -B -ntp test -pl spark -am -Dtest='SparkBuildTest#buildIngestedIntoAnEmptyStoreEqualsABulkLoad' \
#       -Dsurefire.failIfNoSpecifiedTests=false -Dquarry.spark.lines=1000000
set -euo pipefail
file=$1; rounds=${2:-1}
repo=$(cd "$(dirname "$0")/../.." && pwd)
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
java=$JAVA_HOME/bin/java
work=${WORK:-/tmp/spark-bench}
heap=${HEAP:-6g}
masters=${MASTERS:-"local[1] local[2]"}
mkdir -p "$work"
cd "$repo"
if [ ! -f spark/target/quarry-spark.jar ] || [ ! -f sparql-endpoint/target/quarry.jar ]; then
  ./mvnw -B -ntp -q package -DskipTests -pl spark,sparql-endpoint -am >&2
fi
# Spark itself (provided scope): the module's provided and runtime dependencies, not our own jars.
./mvnw -B -ntp -q dependency:build-classpath -pl spark -Dmdep.includeScope=provided -Dmdep.outputFile="$work/cp.txt" >&2
cp="spark/target/quarry-spark.jar:$(tr ':' '\n' < "$work/cp.txt" | grep -v '/dev/quarry/' | paste -sd:)"
opens=$(sed -n 's/.*<spark.jvm.opens>\(.*\)<\/spark.jvm.opens>.*/\1/p' spark/pom.xml)
quarry="$java -Xmx$heap --enable-native-access=ALL-UNNAMED -jar sparql-endpoint/target/quarry.jar"

run() { # label round command...: prints label, round, wall s, cpu s, peak rss
  local label=$1 round=$2; shift 2
  local t0; t0=$(date +%s.%N)
  /usr/bin/time -f '%U %S %M' -o "$work/time.txt" "$@" > "$work/out.txt" 2> "$work/err.txt" || { cat "$work/err.txt" >&2; exit 1; }
  local t1; t1=$(date +%s.%N)
  read -r user sys rss < <(tail -1 "$work/time.txt")
  printf '%s\t%s\t%.2f\t%.2f\t%s' "$label" "$round" "$(echo "$t1 - $t0" | bc)" "$(echo "$user + $sys" | bc)" "$rss"
}

printf 'what\tround\twall_s\tcpu_s\tpeak_rss_kb\tdetail\n'
echo "# $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), file $file ($(du -b "$file" | cut -f1) bytes)" >&2
for r in $(seq 1 "$rounds"); do
  for m in $masters; do
    rm -rf "$work/build" "$work/ingested"
    run "build $m" "$r" "$java" -Xmx"$heap" $opens --enable-native-access=ALL-UNNAMED -Dspark.master="$m" \
      -Dspark.ui.enabled=false -cp "$cp" dev.quarry.spark.QuarrySpark build --input "$file" --output "$work/build"
    printf '\t%s\t%s\n' "$(python3 -c "import json;r=json.load(open('$work/build/report.json'));print('splits', r['splits'], r['stageSeconds'])")" \
      "$(du -sb "$work/build" | cut -f1) build bytes"
    run "ingest (after $m)" "$r" $quarry ingest --store "$work/ingested" "$work/build"
    printf '\t%s\n' "$(du -sb "$work/ingested" | cut -f1) store bytes"
  done
  rm -rf "$work/loaded"
  run "quarry load" "$r" $quarry load --store "$work/loaded" --progress=never --report "$work/load.json" "$file"
  printf '\t%s\n' "$(du -sb "$work/loaded" | cut -f1) store bytes"
done
if [ "${CHECK:-0}" = 1 ]; then
  for s in ingested loaded; do
    $quarry verify --store "$work/$s" >&2
    $quarry stats --store "$work/$s" | grep -v '^store\|^disk' > "$work/$s.stats"
  done
  diff "$work/ingested.stats" "$work/loaded.stats" >&2 && echo "# statistics: same" >&2
fi
