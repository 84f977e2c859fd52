#!/usr/bin/env bash
# ab.sh FILE ROUNDS JAR...: alternated loads of each jar (its AOT cache, -Xmx4g, jvm/load.options);
# one TSV line a load: jar, round, wall s, CPU s (user + system), peak RSS kB, quads loaded.
set -u
file=$1; rounds=$2; shift 2
. "$(dirname "$0")/setup.sh"
for r in $(seq 1 "$rounds"); do
  for j in "$@"; do
    aot=$("$repo/jvm/aot-cache" "$j" train 2>/dev/null)
    rm -rf "$w/store"; cat "$file" > /dev/null
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$w/time" "$JAVA_HOME/bin/java" -Xmx4g "$load_options" $aot -jar "$j" load \
      --store "$w/store" --progress=never --report "$w/r.json" "$file" > "$w/out" 2>&1
    read -r wall user sys rss < "$w/time"
    q=$(grep -o '"totalRecords" *: *[0-9]*' "$w/r.json" | grep -o '[0-9]*$')
    printf '%s\t%s\t%s\t%.1f\t%s\t%s\n' "$(basename "$j")" "$r" "$wall" "$(echo "$user + $sys" | bc)" "$rss" "$q"
  done
done
