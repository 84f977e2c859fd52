#!/usr/bin/env bash
# abq5.sh "JAR:STORE:ARGS" ...: Q5 keep-alive loop (random 5M products) per config, alternated twice; 30 s warm-up, two 20 s rounds
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
for round in 1 2; do for cfg in "$@"; do
  IFS=: read jar store args <<< "$cfg"
  (setsid $JAVA_HOME/bin/java -Xmx4g @/work/main/jvm/serve.options -jar $jar serve --store $store --port 7878 --bind 127.0.0.1 --read-only --access-log off $args > srv.log 2>&1 & echo $! > srv.pid)
  sleep 34
  python3 q5loop.py 7878 0 30 > /dev/null
  echo "[$cfg] $(python3 q5loop.py 7878 0 20) | $(python3 q5loop.py 7878 0 20)"
  kill $(cat srv.pid); sleep 2
done; done
