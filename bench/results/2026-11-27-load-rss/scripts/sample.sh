#!/usr/bin/env bash
# sample.sh OUTDIR JAR FILE [JVM opts...]: one load with NMT, sampling RSS, heap and NMT every second
set -u
out=$1; jar=$2; file=$3; shift 3
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
mkdir -p "$out"; store=/work/scratch/loadmem/store-sample; rm -rf "$store"
MALLOC_ARENA_MAX=2 $JAVA_HOME/bin/java -XX:NativeMemoryTracking=summary "$@" -Xlog:gc*:file=$out/gc.log -jar "$jar" load --store "$store" "$file" --progress=never --report $out/report.json --timeline $out/timeline.tsv > $out/stdout 2>$out/stderr &
pid=$!
: > $out/samples
while kill -0 $pid 2>/dev/null; do
  t=$(date +%s.%N)
  rss=$(awk '/VmRSS/{print $2}' /proc/$pid/status 2>/dev/null)
  echo "=== t=$t rss_kb=$rss" >> $out/samples
  $JAVA_HOME/bin/jcmd $pid VM.native_memory summary 2>/dev/null | grep -E "^-|committed=" | grep -E "Total|Java Heap|Thread|Code|GC|Compiler|Internal|Other|Symbol|Class|Arena|NMT|Metaspace|Shared|Module|Synchron|Serviceab|Native" | head -30 >> $out/samples
  grep -E "Rss|Anonymous" /proc/$pid/smaps_rollup >> $out/samples 2>/dev/null
  sleep 1
done
wait $pid; echo "exit $?" >> $out/samples
rm -rf "$store"
