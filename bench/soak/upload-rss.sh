#!/bin/bash
# RSS of a server before and after a chunked N-Quads upload to /data (JAVA_HOME must point at a JDK 25):
#   upload-rss.sh JAR PORT FILE.nq
jar=$1; port=$2; file=$3; store=$(mktemp -d "${TMPDIR:-/tmp}/rssstore.XXXX")
$JAVA_HOME/bin/java -jar $jar serve --store $store --port $port > $store.log 2>&1 & pid=$!
until curl -s localhost:$port/status > /dev/null; do
  kill -0 $pid 2>/dev/null || { echo "the server exited (port $port in use?): $(tail -1 $store.log)"; exit 1; }
  sleep 0.2
done
# The answer must come from this server, not from one left on the port (whose store may already hold the file).
grep -q "serving $store" $store.log || { echo "port $port answered, but not from this server"; kill $pid; exit 1; }
rss() { awk '/VmRSS/ {printf "%.0f", $2/1024}' /proc/$pid/status; }
before=$(rss)
start=$(date +%s.%N)
code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Transfer-Encoding: chunked' -H 'Content-Type: application/n-quads' --data-binary @$file "localhost:$port/data")
end=$(date +%s.%N)
after=$(rss); sleep 10; later=$(rss)
n=$(curl -s localhost:$port/sparql --data-urlencode 'query=SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }' -H 'Accept: text/csv' | tail -1)
echo "jar=$(basename $jar) status=$code triples=$n seconds=$(echo "$end - $start" | bc) rss_mib_before=$before after=$after after_10s=$later load1=$(cut -d' ' -f1 /proc/loadavg)"
curl -s localhost:$port/status | grep quads; kill $pid; wait $pid 2>/dev/null; rm -rf $store $store.log
