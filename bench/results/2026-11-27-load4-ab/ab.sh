#!/bin/bash
# ab.sh FILE ROUNDS OUTDIR JAR... : alternating loads, each under the bench lock; one TSV row per load
# AOT=on: each jar with its ahead-of-time cache, as ./quarry load runs it (trained first, outside the timing)
file=$1; rounds=$2; out=$3; shift 3
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64; J=$JAVA_HOME/bin/java
repo=$(cd "$(dirname "$0")/../../.." && pwd)
aot() { [[ ${AOT:-off} == on ]] && "$repo/jvm/aot-cache" "$1" train; }
mkdir -p $out
for jar in "$@"; do aot $jar >/dev/null; done
for r in $(seq 1 $rounds); do
  for jar in "$@"; do
    name=$(basename $jar .jar); st=/tmp/l4/ab-store; rm -rf $st; mkdir -p /tmp/l4
    tag=$out/$(basename $file)-$name-$r
    flock /work/scratch/bench.lock /usr/bin/time -v -o $tag.time $J ${JOPTS:-} -Xmx${XMX:-4g} $(aot $jar) -jar $jar load --store $st --report $tag-report.json --progress never $file > $tag.log 2>&1
    wall=$(grep Elapsed $tag.time | awk '{print $NF}'); u=$(grep "User time" $tag.time | awk '{print $NF}'); s=$(grep "System time" $tag.time | awk '{print $NF}')
    rss=$(grep Maximum $tag.time | awk '{print int($NF/1024)}'); size=$(du -sb $st | awk '{print int($1/1048576)}')
    stages=$(grep "stage thread" $tag.log | sed 's/.*seconds *//')
    printf "%s\t%s\t%s\twall %s\tcpu %.1f\trss %s\tstore %s\tload %s\t%s\n" $(basename $file) $name $r $wall $(echo "$u+$s"|bc) $rss $size "$(cut -d' ' -f1 /proc/loadavg)" "$stages" | tee -a $out/ab.tsv
  done
done
rm -rf /tmp/l4/ab-store
