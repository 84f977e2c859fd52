#!/usr/bin/env bash
# ab.sh FILE ROUNDS JAR...: alternated loads of each jar (its AOT cache, -Xmx4g, jvm/load.options),
# one after the other; prints per load: jar-round, wall s / user s / system s / peak RSS kB
# (GNU time), then the load's own summary line and its stage thread-seconds.
set -u
file=$1; rounds=$2; shift 2
. "$(dirname "$0")/../2026-11-29-load-term-sort-budget/setup.sh"
for r in $(seq 1 "$rounds"); do
  for j in "$@"; do
    tag=$(basename "$j" .jar)-r$r
    aot=$("$repo/jvm/aot-cache" "$j" train 2>/dev/null)
    rm -rf "$w/store"
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$w/time" "$JAVA_HOME/bin/java" -Xmx4g "$load_options" $aot -jar "$j" load \
      --store "$w/store" --progress=never "$file" > "$w/out" 2>&1
    echo "$tag wall/user/sys/rssKB $(cat "$w/time") | $(grep -E 'loaded|stage thread' "$w/out" | tr -s ' ' | tr '\n' ' ')"
  done
done
