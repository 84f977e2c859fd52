#!/usr/bin/env bash
# flags-ab.sh FILE ROUNDS "FLAGS A" "FLAGS B" ...: alternated loads of this checkout's jar (its AOT
# cache, -Xmx4g), one per set of JVM flags (give @jvm/load.options in each set) and round; one TSV
# line a load: set, round, wall s, CPU s, peak RSS kB, flags. As ../2026-11-29-load-jit-inlining/ab.sh,
# but glibc's malloc arenas left at their default, as the load harness leaves them.
set -u
file=$1; rounds=$2; shift 2
. "$(dirname "$0")/setup.sh"
aot=$("$repo/jvm/aot-cache" "$jar" train 2>/dev/null)
for r in $(seq 1 "$rounds"); do
  i=0
  for flags in "$@"; do
    i=$((i+1)); rm -rf "$w/store"; cat "$file" > /dev/null
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$w/time" "$JAVA_HOME/bin/java" -Xmx4g $aot $flags -jar "$jar" load \
      --store "$w/store" --progress=never --report "$w/r.json" "$file" > "$w/out" 2>&1
    read -r wall user sys rss < "$w/time"
    printf '%s\t%s\t%s\t%.1f\t%s\t%s\n' "$i" "$r" "$wall" "$(echo "$user + $sys" | bc)" "$rss" "$flags"
  done
done
