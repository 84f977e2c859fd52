#!/usr/bin/env bash
# scale.sh JAR [JVMFLAGS...] : one server; driver 1c (warm), 1c, 4c, 1c; per run: QMpH, server CPU by thread group, driver CPU, idle
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=$(find /work/scratch/bsbm-tools -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
jar=$1; shift
cd /work/scratch/lat
pkill -f "serve --store /work/scratch/lat/q1m" ; sleep 1
MALLOC_ARENA_MAX=2 $J @/work/main/jvm/serve.options "$@" -Xmx4g -jar $jar serve --store /work/scratch/lat/q1m --port 7001 --bind 127.0.0.1 --read-only > s-serve.log 2>&1 & pid=$!
for i in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:7001/sparql?query=ASK%7B%7D" && break; sleep 0.2; done
snap() { for t in /proc/$pid/task/*; do echo "$(cat $t/comm | sed 's/[-_ ]*[0-9]*$//' | tr ' ' _) $(awk '{print $14+$15}' $t/stat)"; done | awk '{a[$1]+=$2} END {for (k in a) print k, a[k]}' | sort; }
idle() { awk '/^cpu /{print $5}' /proc/stat; }
for mt in 1 1 4 4 1; do
  snap > /tmp/s0; i0=$(idle)
  /usr/bin/time -f "%U %S" -o /tmp/drv.time bash -c "cd /work/scratch/bsbm-work/driver && $J -cp '$CP' benchmark.testdriver.TestDriver -mt $mt -runs 200 -w 10 -idir /work/scratch/bsbm-data/pc2785/td_data -seed $((808080+RANDOM)) -o /work/scratch/lat/s.xml http://127.0.0.1:7001/sparql > /work/scratch/lat/s.log 2>&1"
  snap > /tmp/s1; i1=$(idle)
  q=$(grep -o 'QMpH:.*' s.log | awk '{print $2}')
  echo "mt=$mt QMpH=$q driver_cpu=$(awk '{print $1+$2}' /tmp/drv.time)s idle=$(( (i1-i0) ))cs server: $(join /tmp/s0 /tmp/s1 | awk '{d=$3-$2; if (d>5) printf "%s=%.2f ", $1, d/100}')"
done
kill $pid; wait $pid 2>/dev/null
