#!/usr/bin/env bash
# histograms.sh FILE "SECONDS..." : one load of FILE (-Xmx4g, jvm/load.options); after each pause in
# turn, the progress line, the top of a class histogram (jcmd; it forces a full GC) and VmRSS.
set -u
file=$1
. "$(dirname "$0")/setup.sh"
aot=$("$repo/jvm/aot-cache" "$jar" train)
# shellcheck disable=SC2086
"$JAVA_HOME/bin/java" -Xmx4g "$load_options" $aot -jar "$jar" load --store "$w/store" --progress=always "$file" > "$w/out" 2>&1 &
pid=$!
for t in $2; do
  sleep "$t"
  echo "== after +$t s $(tail -c 100 "$w/out" | tr '\r' '\n' | tail -1)"
  "$JAVA_HOME/bin/jcmd" "$pid" GC.class_histogram | head -16
  grep VmRSS "/proc/$pid/status"
done
wait
