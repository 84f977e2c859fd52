#!/usr/bin/env bash
# rss-sampled.sh FILE OUT [JVM flags...]: one load of FILE (-Xmx4g, jvm/load.options; JAR= another
# jar); every 0.2 s a line to OUT.samples: ms since start, VmRSS kB, the progress line's start.
# OUT.gc gets the GC log; prints wall s, user s, system s, peak RSS kB.
set -u
file=$1; out=$2; shift 2
. "$(dirname "$0")/setup.sh"
aot=$("$repo/jvm/aot-cache" "$jar" train)
# shellcheck disable=SC2086
/usr/bin/time -f '%e %U %S %M' -o "$w/time" "$JAVA_HOME/bin/java" -Xmx4g "$load_options" $aot -Xlog:gc:file="$out.gc":uptime "$@" \
  -jar "$jar" load --store "$w/store" --progress=always "$file" > "$w/out" 2>&1 &
tpid=$!; sleep 0.5; pid=$(pgrep -P $tpid java || echo $tpid)
: > "$out.samples"; t0=$(date +%s%N)
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null)
  ph=$(tail -c 120 "$w/out" | tr '\r' '\n' | tail -1 | cut -c1-40)
  echo "$(( ($(date +%s%N) - t0) / 1000000 + 500 )) $rss $ph" >> "$out.samples"
  sleep 0.2
done
wait
cat "$w/time"
