#!/usr/bin/env bash
# The official Berlin SPARQL Benchmark (explore use case) against Quarry and its peers, in one run:
# generates the data with the official generator (cached by size), loads it into each server,
# checks the loaded count, runs the official test driver against each server one after the other
# (1 and 4 clients), the driver's qualification mode with the answers compared between servers,
# and a latency floor (latency.py); prints one table and writes it with the raw driver XML and
# logs to bench/results/<date>-bsbm-<size>/. See bench/bsbm/README.md.
#
#   bench/bsbm/queries.sh                         # 1m, quarry oxigraph fuseki, 1 and 4 clients
#   SIZES="1m 5m" CLIENTS=1 bench/bsbm/queries.sh
#   SERVERS="quarry oxigraph" QUARRY_JARS="base=/tmp/a.jar new=/tmp/b.jar" bench/bsbm/queries.sh
#
# Environment: SIZES (1m 5m 25m pcN; default 1m), SERVERS (default "quarry oxigraph fuseki"),
# QUARRY_JAR or QUARRY_JARS, CLIENTS (default "1 4"), WARMUP (50), RUNS (200), SEED (808080),
# DRIVER_TIMEOUT (seconds per driver run, default 3600), QUERY_TIMEOUT (driver -t, ms, default
# none), LATENCY_ROUNDS (2000; 0 = skip), QUALIFY (1; 0 = skip), JVM_XMX (4g), BSBM_DATA (data
# cache), BSBM_WORK (stores), RESULTS (results dir; default bench/results/<date>-bsbm-<size>),
# PORT_BASE (7800), DRIVER_JVM_OPTS (the driver's JVM options; default -XX:TieredStopAtLevel=1).
set -euo pipefail
. "$(dirname "$0")/common.sh"

sizes=${SIZES:-1m}
clients=${CLIENTS:-1 4}
warmup=${WARMUP:-50}
runs=${RUNS:-200}
seed=${SEED:-808080}
driver_timeout=${DRIVER_TIMEOUT:-3600}
latency_rounds=${LATENCY_ROUNDS:-2000}
qualify=${QUALIFY:-1}
# The driver's own JVM runs with C1 only. With its default tiered compilation, its C2 compiler
# thread spent 10.6 of the driver's ~20 CPU-seconds of a 250-mix run compiling (JFR), most of it
# inside the measured mixes, on the cores the server needs: at 4 clients on 2 cores it took ~40 %
# of the machine. C1-only halves the driver's CPU (15.1 -> 8.6 s) and leaves its one-client
# times as they were (bench/results/2026-11-29-driver-jit/). The same options for every server.
driver_jvm_opts=${DRIVER_JVM_OPTS--XX:TieredStopAtLevel=1}
work=${BSBM_WORK:-$repo/bench/target/bsbm-work}
mkdir -p "$work"; work=$(cd "$work" && pwd)

require_tools
command -v timeout >/dev/null || die "timeout (coreutils) missing"
column_lines=$(server_columns)   # not in a process substitution: its errors must stop the run
mapfile -t columns <<< "$column_lines"
(( ${#columns[@]} > 0 )) || die "no servers to run"
for size in $sizes; do product_count "$size" >/dev/null; done

# The qualification mode reads queries/explore/queryNvalid.txt from its working directory:
# unpack the templates of the jar into a run directory and run every driver from there.
run_dir=$work/driver
rm -rf "$run_dir"; mkdir -p "$run_dir"
(cd "$run_dir" && "$JAVA_HOME/bin/jar" xf "$tools_dir/bsbm-core-3.1.10.jar" queries usecases) \
  || die "could not unpack the query templates from bsbm-core"

# run_driver URL OUT_BASE ARGS...: the official driver with a time limit; writes OUT_BASE.log and
# OUT_BASE.status ("ok", or why not) and never stops the whole run.
run_driver() {
  local url=$1 out=$2 rc=0; shift 2
  (cd "$run_dir" && timeout "$driver_timeout" "$java" $driver_jvm_opts -cp "$bsbm_cp" benchmark.testdriver.TestDriver \
      "$@" ${QUERY_TIMEOUT:+-t "$QUERY_TIMEOUT"} "$url") > "$out.log" 2>&1 || rc=$?
  # The first line that says what went wrong (the driver prints SLF4J notices on stderr first).
  local first errors
  first=$(grep -v '^SLF4J' "$out.log" | grep -iE 'error code|response code|exception|error' | head -1 | cut -c1-160 || true)
  errors=$(grep -v '^SLF4J' "$out.log" | grep -ciE 'error code|response code|exception|error' || true)
  if (( rc == 124 )); then echo "timed out after $driver_timeout s" > "$out.status"
  elif (( rc != 0 )); then echo "driver exit $rc: $first" > "$out.status"
  elif (( errors > 0 )); then echo "$errors error lines: $first" > "$out.status"
  else echo ok > "$out.status"; fi
  echo "   $(basename "$out"): $(cat "$out.status")" >&2
}

for size in $sizes; do
  data=$(generate "$size" nt)
  td_data=$(dirname "$data")/td_data
  expect=$(expected_triples "$size")
  out=${RESULTS:-$repo/bench/results/$(date -u +%F)-bsbm-$size}
  mkdir -p "$out"; out=$(cd "$out" && pwd)   # the driver runs in run_dir
  rm -f "$out"/*.xml "$out"/*.log "$out"/*.status "$out"/*.json "$out"/*.txt "$out"/table.md "$work/$size"-*.qual
  printf '%s\n' "${columns[@]}" > "$out/columns.txt"
  {
    echo "date: $(date -u +%FT%TZ)"
    echo "command: SIZES=\"$size\" SERVERS=\"${SERVERS:-quarry oxigraph fuseki}\" CLIENTS=\"$clients\" WARMUP=$warmup RUNS=$runs SEED=$seed ${QUARRY_JARS:+QUARRY_JARS=\"$QUARRY_JARS\" }bench/bsbm/queries.sh"
    echo "data: BSBM -pc $(product_count "$size") -s nt, $expect triples, default graph"
    echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo)"
    echo "quarry: $(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo '?')$(cd "$repo" && git diff --quiet 2>/dev/null || echo ' (uncommitted changes)'), AOT cache for loads ${QUARRY_AOT:-on} (jvm/aot-cache)"
    echo "oxigraph: $("$oxigraph_cmd" --version 2>/dev/null || echo 'not used')"
    echo "fuseki: jena-fuseki-server $fuseki_version (TDB2), JVM -Xmx$jvm_xmx"
    echo "java: $("$java" -version 2>&1 | head -1)"
    echo "driver JVM options: ${driver_jvm_opts:-none}"
  } > "$out/run.txt"

  for col in "${columns[@]}"; do
    name=${col%%=*}; spec=${col#*=}
    store=$work/$size-$name
    say "$size $name: load ($(load_average))"
    rm -rf "$store"
    cmd=$(load_cmd "$spec" "$store" "$data") # before the clock: it may train Quarry's AOT cache
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    if ! $cmd > "$out/$name-load.log" 2>&1; then
      echo "load failed, see $name-load.log" > "$out/$name-load.status"
      echo "   $name: load FAILED, see $out/$name-load.log" >&2
      continue
    fi
    awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", b - a }' > "$out/$name-load-seconds.txt"
    # Each store as its makers advise serving it: Oxigraph's `optimize` compacts what its bulk
    # loader wrote (not counted in the load time; OXIGRAPH_OPTIMIZE=0 skips it).
    if [[ ${spec%%:*} == oxigraph && ${OXIGRAPH_OPTIMIZE:-1} == 1 ]]; then
      "$oxigraph_cmd" optimize --location "$store" >> "$out/$name-load.log" 2>&1 \
        || echo "   $name: oxigraph optimize failed, see $out/$name-load.log" >&2
    fi
    # Every server starts with its store's files in the page cache (WARM_CACHE=0 skips it):
    # the driver measures queries, not first reads from disk. A store just written is not
    # all cached (the first session on a Quarry store after a load or after dropping the
    # caches ran 5-10 % below the next), and Oxigraph's optimize above reads its whole store.
    if [[ ${WARM_CACHE:-1} == 1 ]]; then
      find "$store" -type f -exec cat {} + > /dev/null
    fi
    port=$(free_port)
    # The server's own log stays in the work dir (Fuseki logs every request: tens of MB);
    # its last lines go to the results.
    server_log=$work/$size-$name-server.log
    start_server "$spec" "$store" "$port" "$server_log"
    url=$(endpoint "$spec" "$port")
    count=$(sparql_count "$url" || echo "count query failed")
    echo "$count" > "$out/$name-count.txt"
    if [[ $count != "$expect" ]]; then
      echo "loaded count $count, expected $expect: not run" > "$out/$name-load.status"
      echo "   $name: COUNT MISMATCH ($count, expected $expect): skipped" >&2
      stop_pid "$server_pid"; tail -n 200 "$server_log" > "$out/$name-server.log"; continue
    fi
    echo ok > "$out/$name-load.status"
    say "$size $name: $count triples at $url"

    if [[ $qualify == 1 ]]; then
      say "$size $name: qualification"
      run_driver "$url" "$out/$name-qual" -q -qf "$work/$size-$name.qual" -idir "$td_data" -seed "$seed"
    fi
    for mt in $clients; do
      say "$size $name: driver, $mt client(s), $warmup warm-up + $runs mixes (load $(load_average))"
      load_average > "$out/$name-mt$mt-loadavg.txt"
      args=(-runs "$runs" -w "$warmup" -idir "$td_data" -seed "$seed" -o "$out/$name-mt$mt.xml")
      (( mt > 1 )) && args+=(-mt "$mt")
      run_driver "$url" "$out/$name-mt$mt" "${args[@]}"
    done
    if (( latency_rounds > 0 )); then
      say "$size $name: latency floor"
      python3 "$bsbm_dir/latency.py" "$url" "$latency_rounds" > "$out/$name-latency.json" \
        || echo "   $name: latency floor failed" >&2
    fi
    stop_pid "$server_pid"
    tail -n 200 "$server_log" > "$out/$name-server.log"
    rm -rf "$store"
  done

  # Qualification: every server's answers against the first server's, with the BSBM tool.
  if [[ $qualify == 1 ]]; then
    ref=${columns[0]%%=*}
    for col in "${columns[@]:1}"; do
      name=${col%%=*}
      if [[ -s $work/$size-$ref.qual && -s $work/$size-$name.qual ]]; then
        (cd "$run_dir" && bsbm_java benchmark.qualification.Qualification -ql "$out/qual-$ref-vs-$name.txt" \
            "$work/$size-$ref.qual" "$work/$size-$name.qual") > "$out/qual-$ref-vs-$name.log" 2>&1 \
          || echo "   qualification comparison $ref vs $name failed" >&2
      fi
    done
  fi

  python3 "$bsbm_dir/table.py" queries "$out" | tee "$out/table.md"
  echo "results: $out" >&2
done
