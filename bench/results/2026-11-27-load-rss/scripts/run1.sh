#!/usr/bin/env bash
# run1.sh TAG OUTDIR FILE JAR [java opts...] -- [load opts...]: one load under /usr/bin/time -v; prints TAG secs rssMB count
set -u
tag=$1; out=$2; file=$3; jar=$4; shift 4
jopts=(); lopts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do jopts+=("$1"); shift; done
[ $# -gt 0 ] && shift; lopts=("$@")
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
mkdir -p "$out"; store=/work/scratch/loadmem/store-run; rm -rf "$store"
n=1; while [ -e "$out/$tag.$n.time" ]; do n=$((n+1)); done
sync; la=$(cut -d' ' -f1-3 /proc/loadavg)
MALLOC_ARENA_MAX=2 /usr/bin/time -v -o "$out/$tag.$n.time" $JAVA_HOME/bin/java "${jopts[@]}" -jar "$jar" load --store "$store" "$file" --progress=never --report "$out/$tag.$n.report.json" "${lopts[@]}" > "$out/$tag.$n.out" 2>&1
rc=$?
secs=$(grep "Elapsed" "$out/$tag.$n.time" | awk '{print $NF}' | awk -F: '{print $1*60+$2}')
ucpu=$(grep -E "User time|System time" "$out/$tag.$n.time" | awk "{s+=\$NF} END {print s}")
rss=$(grep "Maximum resident" "$out/$tag.$n.time" | awk '{print int($NF/1024)}')
cnt=$(grep -o '"totalRecords" *: *[0-9]*' "$out/$tag.$n.report.json" | head -1 | grep -o '[0-9]*$')
echo -e "$tag\t$n\t$secs\tcpu=$ucpu\t$rss\t$cnt\trc=$rc\tla=$la" | tee -a "$out/runs.tsv"
rm -rf "$store"
