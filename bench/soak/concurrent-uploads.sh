#!/bin/bash
# concurrent-uploads.sh FILE PORT ROUNDS: each round, 4 concurrent chunked N-Quads uploads of FILE
# to a running `quarry serve` on PORT, then the store's quad count (default graph + named graphs).
# Each upload's blank nodes are new, so the count grows by the file's blank-node quads per upload.
file=$1; port=$2
for r in $(seq 1 $3); do
  for i in 1 2 3 4; do
    curl -s -o /dev/null -w "%{http_code} " -H 'Transfer-Encoding: chunked' -H 'Content-Type: application/n-quads' \
      --data-binary @"$file" "localhost:$port/data" &
  done
  wait
  n=$(curl -s localhost:$port/sparql --data-urlencode 'query=SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }' -H 'Accept: text/csv' | tail -1)
  echo "round $r count=$n load=$(cut -d' ' -f1 /proc/loadavg)"
done
