#!/usr/bin/env bash
# abargs.sh "ARGS_A" "ARGS_B": one jar (JAR), two sets of serve options alternated, BSBM 1 M mix,
# each on a fresh server after one discarded 200-mix run
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
for round in 1 2; do for args in "$@"; do
  (setsid $JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/serve.options -jar ${JAR:-s/few.jar} serve --store ${STORE:-q1m} --port 7878 --bind 127.0.0.1 --read-only $args > srv.log 2>&1 & echo $! > srv.pid)
  sleep 36
  DRVOPTS=-XX:TieredStopAtLevel=1 ./drv2.sh http://127.0.0.1:7878/sparql -w 50 -runs 200 > /dev/null
  for a in "-runs 200" "-runs 200 -mt 4" "-runs 200 -mt 4"; do echo "[$args] $(DRVOPTS=-XX:TieredStopAtLevel=1 ./drv2.sh http://127.0.0.1:7878/sparql -w 50 $a)"; done
  kill $(cat srv.pid); sleep 2
done; done
