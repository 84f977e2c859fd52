#!/usr/bin/env bash
# cpu.sh PORT PID NAME: one official explore driver run at 1 and at 4 clients against a running
# server (warm it first), with the CPU seconds the server process and the driver JVM used.
# Needs run.sh of ../2026-11-27-warm-up-share (driver wrapper) and the BSBM 1 M td_data.
set -euo pipefail
port=$1; pid=$2; name=$3
here=$(cd "$(dirname "$0")" && pwd)
run=$here/../2026-11-27-warm-up-share/run.sh
tck=$(getconf CLK_TCK)
cpu() { awk -v t="$tck" '{printf "%.2f", ($14 + $15) / t}' "/proc/$1/stat"; }
for mt in 1 4; do
  extra=(); (( mt > 1 )) && extra=(-mt "$mt")
  a=$(cpu "$pid"); s=$(date +%s.%N)
  out=$( { /usr/bin/time -f "driver_cpu %U %S" "$run" "$port" explore "/tmp/cpu-$name-$mt" "${extra[@]}"; } 2>&1 )
  b=$(cpu "$pid"); e=$(date +%s.%N)
  qmph=$(grep -o 'QMpH [0-9]*' <<<"$out" | awk '{print $2}')
  drv=$(grep driver_cpu <<<"$out" | awk '{printf "%.2f", $2 + $3}')
  awk -v n="$name" -v m="$mt" -v q="$qmph" -v a="$a" -v b="$b" -v d="$drv" -v s="$s" -v e="$e" \
    'BEGIN { printf "%s | %d | %s | %.2f | %s | %.2f\n", n, m, q, b - a, d, e - s }'
done
