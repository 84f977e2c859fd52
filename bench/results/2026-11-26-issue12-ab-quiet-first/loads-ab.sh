#!/usr/bin/env bash
# Alternated loads, base jar vs new jar, fresh store each; wall and CPU seconds (GNU time).
set -euo pipefail
java=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
file=${FILE:-/work/scratch/bsbm-bench/data/pc2785/dataset.nt}
out=${OUT:-/work/scratch/house/loads-ab1m.tsv}
rounds=${ROUNDS:-3}
printf 'round\tjar\twall_s\tcpu_s\tload_avg_before\tload_avg_after\n' > "$out"
for r in $(seq 1 "$rounds"); do
  for name in base new; do
    store=/work/scratch/house/store-$name
    rm -rf "$store"
    la0=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f '%e %U %S' -o /work/scratch/house/time-$name-$r.txt \
      "$java" -Xmx4g -jar /work/scratch/house/$name.jar load --store "$store" "$file" > /work/scratch/house/load1m-$name-$r.log 2>&1
    la1=$(cut -d' ' -f1 /proc/loadavg)
    read -r wall user sys < /work/scratch/house/time-$name-$r.txt
    printf '%s\t%s\t%s\t%.1f\t%s\t%s\n' "$r" "$name" "$wall" "$(echo "$user + $sys" | bc)" "$la0" "$la1" >> "$out"
    rm -rf "$store"
  done
done
cat "$out"
