#!/usr/bin/env bash
# ab.sh FILE ROUNDS "FLAGS A" "FLAGS B" ...: alternated loads of this checkout's jar (with its
# ahead-of-time cache, -Xmx4g), one per set of extra JVM flags and round; one TSV line a load:
# set, round, wall s, CPU s (user + system), peak RSS KB, flags. ("-Dx=1" stands for no flag.)
set -u
file=$1; rounds=$2; shift 2
repo=$(cd "$(dirname "$0")/../../.." && pwd)
. "$repo/.ci/java-home.sh"
export MALLOC_ARENA_MAX=2
jar=$repo/sparql-endpoint/target/quarry.jar
aot=$("$repo/jvm/aot-cache" "$jar" train 2>/dev/null)
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
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
