#!/usr/bin/env bash
# run.sh BASE_JAR NEW_JAR STORE OXIGRAPH_STORE : two Quarry servers (copies of one 1 M store) and an
# Oxigraph server, each Quarry warmed by two official driver runs, then every template below asked
# of the three in turn (interleaved.py). Paths of the BSBM tools and data: BSBM_TOOLS, BSBM_DATA.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
java=${JAVA_HOME:?}/bin/java
cp=$(find "${BSBM_TOOLS:?}" -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
base=$1 new=$2 store=$3 ostore=$4
work=$(mktemp -d); trap 'kill $(jobs -p) 2>/dev/null; wait; rm -rf "$work"' EXIT
cp -r "$store" "$work/a"; cp -r "$store" "$work/b"
"$java" @"$here/../../../jvm/serve.options" -Xmx4g -jar "$base" serve --store "$work/a" --port 7101 --bind 127.0.0.1 --read-only > "$work/a.log" 2>&1 &
"$java" @"$here/../../../jvm/serve.options" -Xmx4g -jar "$new" serve --store "$work/b" --port 7102 --bind 127.0.0.1 --read-only > "$work/b.log" 2>&1 &
oxigraph serve-read-only --location "$ostore" --bind 127.0.0.1:7103 > "$work/o.log" 2>&1 &
for p in 7101 7102; do
  for i in $(seq 150); do curl -s -o /dev/null "http://127.0.0.1:$p/sparql?query=ASK%7B%7D" && break; sleep 0.2; done
done
driver_dir=$work/driver; mkdir -p "$driver_dir"
for run in 1 2; do for p in 7101 7102; do
  (cd "$driver_dir" && "$java" -cp "$cp" benchmark.testdriver.TestDriver -runs 200 -w 50 -idir "${BSBM_DATA:?}/pc2785/td_data" \
      -seed $((808080 + run)) "http://127.0.0.1:$p/sparql" > "$driver_dir/$p.log" 2>&1)
  echo "warm-up run $run, port $p: $(grep -o 'QMpH:.*' "$driver_dir/$p.log")"
done; done
urls="http://127.0.0.1:7101/sparql http://127.0.0.1:7102/sparql http://127.0.0.1:7103/query"
for round in 1 2; do
  python3 "$here/interleaved.py" 3000 "$here/q1-feature.rq" "$here/features.txt" %F% $urls
  python3 "$here/interleaved.py" 1500 "$here/producer-reviews.rq" "$here/producers.txt" %P% $urls
  python3 "$here/interleaved.py" 300 "$here/producer-offers-count.rq" "$here/producers.txt" %P% $urls
  python3 "$here/interleaved.py" 2000 "$here/bsbm-q9.rq" "$here/reviews.txt" %ReviewXYZ% $urls
  python3 "$here/interleaved.py" 2000 "$here/bsbm-q11.rq" "$here/offers.txt" %OfferXYZ% $urls
  python3 "$here/interleaved.py" 2000 "$here/bsbm-q10.rq" "$here/products.txt" %ProductXYZ% $urls
done
