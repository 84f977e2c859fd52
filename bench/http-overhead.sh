#!/usr/bin/env bash
# Per-request cost of Quarry's server, for A/B runs of two builds on a machine that may be shared:
# serves an existing 1 M store (a copy: the server takes its lock), warms it up (50 mixes and
# 3,000 ASK {}), then runs MIXES timed mixes and 3,000 keep-alive ASK {} requests and prints
# queries per hour, ASK latency and the server's CPU time (utime + stime) per query, which other
# jobs on the machine disturb less than wall time. Alternate the jars and repeat:
#
#   bench/http-overhead.sh main.jar    STORE          # e.g. WORK/store-quarry of bench/http-peers.sh
#   bench/http-overhead.sh branch.jar  STORE
#
# Environment: MIXES (200), QUADS (1000000: the generator's --quads for the store's file).
# Needs bench/target/benchmarks.jar and JAVA_HOME (JDK 21+).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
jar=${1:?usage: bench/http-overhead.sh QUARRY_JAR STORE}
store=${2:?usage: bench/http-overhead.sh QUARRY_JAR STORE}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
bench=$repo/bench/target/benchmarks.jar
mixes=${MIXES:-200}
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url=http://127.0.0.1:$port/sparql
log=$(mktemp)
"$java" -Xmx4g -jar "$jar" serve --store "$store" --port "$port" --read-only --query-timeout 120 > "$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 1 240); do
    curl -sf -o /dev/null "$url?query=ASK%7B%7D" && break
    kill -0 $pid 2>/dev/null || { cat "$log" >&2; exit 2; }
    sleep 0.5
done
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
mix() { "$java" -Xmx1g -cp "$bench" dev.quarry.bench.http.HttpBench --endpoint "$url" --name quarry \
    --quads "${QUADS:-1000000}" --mix-seed 1 --clients 1 --timeout 120 "$@" 2>&1; }
ask() { "$java" -cp "$bench" dev.quarry.bench.http.KeepAliveLatency "$url" 3000; }
mix --warmup 50 --mixes 1 > /dev/null
ask > /dev/null
t0=$(cpu_ticks); qph=$(mix --warmup 0 --mixes "$mixes" | grep -m1 'queries per hour'); t1=$(cpu_ticks)
lat=$(ask); t2=$(cpu_ticks)
hz=$(getconf CLK_TCK)
echo "$(basename "$jar"): $qph"
awk -v a="$t0" -v b="$t1" -v c="$t2" -v hz="$hz" -v q=$((mixes * 11)) -v lat="$lat" 'BEGIN {
    printf "  server CPU per mix query %.2f ms; ASK {} %s; server CPU per ASK %.0f us\n", (b - a) * 1000 / hz / q, lat, (c - b) * 1e6 / hz / 3000 }'
