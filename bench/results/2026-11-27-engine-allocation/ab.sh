#!/bin/bash
# ab.sh USECASE RUNS JAR_A JAR_B : warm servers A and B on q5m (alternating ports), 3 alternated driver runs each after one warm run
cd /work/scratch/drv
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
UC=$1; R=$2; shift 2
i=0
for jar in "$@"; do
  port=$((7810+i)); $J/java -Xmx4g @/work/main/jvm/serve.options -jar $jar serve --store /work/scratch/s/q5m-copy$i --port $port --bind 127.0.0.1 --read-only > out/ab$i.log 2>&1 & echo $! > out/ab$i.pid
  i=$((i+1))
done
for i in 0 1; do until grep -q "serving" out/ab$i.log; do sleep 1; done; done
for i in 0 1; do RUNS=$R W=5 ./run.sh $((7810+i)) $UC out/abw$i.xml > /dev/null; done
for r in 1 2 3; do for i in 0 1; do echo "jar$i run$r $(RUNS=$R W=0 ./run.sh $((7810+i)) $UC out/ab$i-$r.xml | grep -v '^QMpH:' | tr '\n' ' ')"; done; done
for i in 0 1; do kill $(cat out/ab$i.pid); done
