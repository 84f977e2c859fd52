#!/usr/bin/env bash
# The latency floor (latency.py: ASK {}, a one-row and a 38-40-row lookup over one keep-alive
# connection) of Quarry and Oxigraph on stores already loaded, both servers up at once and asked
# in turn, so that both see the same machine. queries.sh measures each server once, at the end of
# its driver runs, one server after the other; on a 2-core machine one such median moves by more
# than the difference between the servers (0.17-0.32 ms for the same server's ASK {}), so it cannot
# say which is lower. Here each server first gets WARMUP_ROUNDS of each query (a JVM compiles the
# path of a query it has not been asked before), then RUNS pairs alternate which server goes first.
#
#   bench/bsbm/latency-pair.sh QUARRY_STORE OXIGRAPH_STORE
#
# Environment: QUARRY_JAR (default: this checkout's, built when stale), RUNS (7), ROUNDS (4000 per
# run and query; latency.py counts the last three quarters), WARMUP_ROUNDS (20000), JVM_XMX (4g),
# RESULTS (default bench/results/<date>-latency-pair), PORT_BASE (7800).
# Prints a table: per server and query the median of the runs' medians with their range, and in
# how many pairs Quarry's median was at or below Oxigraph's.
set -euo pipefail
. "$(dirname "$0")/common.sh"

(( $# == 2 )) || die "usage: latency-pair.sh QUARRY_STORE OXIGRAPH_STORE"
quarry_store=$(realpath "$1"); oxigraph_store=$(realpath "$2")
[[ -d $quarry_store ]] || die "no Quarry store at $1"
[[ -d $oxigraph_store ]] || die "no Oxigraph store at $2"
runs=${RUNS:-7}
rounds=${ROUNDS:-4000}
warmup_rounds=${WARMUP_ROUNDS:-20000}
out=${RESULTS:-$repo/bench/results/$(date -u +%Y-%m-%d)-latency-pair}
mkdir -p "$out"

require_tools
require_oxigraph
quarry_spec=quarry:$(default_quarry_jar)
port=$(free_port)
start_server "$quarry_spec" "$quarry_store" "$port" "$out/quarry-server.log"
quarry_url=$(endpoint quarry "$port")
port=$(free_port)
start_server oxigraph "$oxigraph_store" "$port" "$out/oxigraph-server.log"
oxigraph_url=$(endpoint oxigraph "$port")

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "command: RUNS=$runs ROUNDS=$rounds WARMUP_ROUNDS=$warmup_rounds bench/bsbm/latency-pair.sh $1 $2"
  echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%d GB", $2 / 1048576}' /proc/meminfo)"
  echo "quarry: $(git -C "$repo" rev-parse --short HEAD) ($(basename "${quarry_spec#*:}")), store $quarry_store"
  echo "oxigraph: $("$oxigraph_cmd" --version 2>/dev/null || echo "$oxigraph_version"), store $oxigraph_store"
} > "$out/run.txt"

say "warm-up: $warmup_rounds rounds of each query on each server"
python3 "$bsbm_dir/latency.py" "$quarry_url" "$warmup_rounds" > /dev/null
python3 "$bsbm_dir/latency.py" "$oxigraph_url" "$warmup_rounds" > /dev/null

: > "$out/runs.jsonl"
for run in $(seq "$runs"); do
  order="quarry oxigraph"
  (( run % 2 == 0 )) && order="oxigraph quarry"
  for name in $order; do
    url=$quarry_url; [[ $name == oxigraph ]] && url=$oxigraph_url
    say "run $run of $runs: $name"
    printf '{"run": %d, "server": "%s", "result": %s}\n' "$run" "$name" \
      "$(python3 "$bsbm_dir/latency.py" "$url" "$rounds")" >> "$out/runs.jsonl"
  done
done

python3 - "$out/runs.jsonl" <<'EOF' | tee "$out/table.md"
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
queries = list(rows[0]["result"])
by = {(r["server"], r["run"], q): r["result"][q] for r in rows for q in queries}
runs = sorted({r["run"] for r in rows})
print("| server | " + " | ".join(queries) + " |")
print("|---|" + "---:|" * len(queries))
for server in ("quarry", "oxigraph"):
    cells = []
    for q in queries:
        medians = [by[(server, run, q)]["median_ms"] for run in runs]
        cells.append("%.3f (%.3f-%.3f), %d rows" % (statistics.median(medians), min(medians), max(medians),
                                                  by[(server, runs[0], q)]["rows"]))
    print("| %s | %s |" % (server, " | ".join(cells)))
wins = [sum(by[("quarry", run, q)]["median_ms"] <= by[("oxigraph", run, q)]["median_ms"] for run in runs)
        for q in queries]
print("| Quarry at or below Oxigraph | %s |" % " | ".join("%d of %d runs" % (w, len(runs)) for w in wins))
print()
print("Median ms of the runs' medians (range over the runs); one keep-alive connection per run.")
EOF
echo "results: $out" >&2
