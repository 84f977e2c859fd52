#!/usr/bin/env bash
# The BSBM-explore-like query mix (bench/.../http/HttpBench) through HTTP against Quarry, Jena
# Fuseki (TDB2) and Oxigraph, on the same generated file: for each server, load the file into a
# fresh store, serve it on 127.0.0.1 (a free port), wait until it answers, run the driver, record
# the server's RSS, stop it. Then cross-check the row counts of every query between the servers
# (MISMATCH lines) and print queries per hour and per-template medians side by side.
#
#   bench/http-peers.sh /tmp/benchwork/data/bsbm-1M.nq
#   SERVERS="quarry oxigraph" MIXES=50 bench/http-peers.sh data/bsbm-10M.nq
#
# The file must come from the generator (BsbmGenerator --quads N --seed S --out FILE.nq): the
# driver replays the generator to draw parameters. QUADS (default: the file's statement lines)
# and SEED (default: the generator's) must match how it was written.
#
# Environment: SERVERS (default "quarry fuseki oxigraph"), WARMUP (mixes, 50: the JVM servers need it), MIXES (timed mixes,
# 100), CLIENTS (1), MIX_SEED (1), TIMEOUT (per-query seconds, servers and driver, 120),
# HEAP (JVM servers and their loaders, -Xmx4g), WORK (stores, logs, results; default
# bench/target/http-run), LOAD=0 to reuse the stores of an earlier run in WORK,
# QUARRY_JAR (default sparql-endpoint/target/quarry.jar), QUARRY_SERVE_ARGS (more options for quarry serve).
# Needs: JDK 21+ (JAVA_HOME or java on PATH), python3 with venv, curl, bench/target/benchmarks.jar
# (./mvnw -B -ntp -q package -pl bench -am -DskipTests). Jena's tools (tdb2.tdbloader) come from
# Maven Central via bench/peers/pom.xml, the Fuseki server jar from Maven Central by curl (its
# parent POM is not on Central, so Maven cannot resolve it; the SHA-1 is checked), the
# oxigraph CLI from PyPI (pip install oxigraph), all into bench/target/ on first use.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
file=${1:?usage: bench/http-peers.sh FILE.nq}
[[ -f $file ]] || { echo "http-peers.sh: no such file: $file" >&2; exit 2; }
[[ $file == *.nq ]] || { echo "http-peers.sh: give a plain .nq file from BsbmGenerator" >&2; exit 2; }
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
servers=${SERVERS:-"quarry fuseki oxigraph"}
work=${WORK:-$repo/bench/target/http-run}
heap=${HEAP:--Xmx4g}
timeout=${TIMEOUT:-120}
clients=${CLIENTS:-1}
jena_dir=$repo/bench/target/peers
fuseki_jar=$repo/bench/target/fuseki/jena-fuseki-server-6.0.0.jar
fuseki_url=https://repo.maven.apache.org/maven2/org/apache/jena/jena-fuseki-server/6.0.0/jena-fuseki-server-6.0.0.jar
venv=$repo/bench/target/venv
quarry_jar=${QUARRY_JAR:-$repo/sparql-endpoint/target/quarry.jar}
bench_jar=$repo/bench/target/benchmarks.jar

java=${JAVA_HOME:+$JAVA_HOME/bin/}java
need() { echo "http-peers.sh: $*" >&2; exit 2; }
command -v "$java" >/dev/null || need "no java: set JAVA_HOME to a JDK 21+"
command -v curl >/dev/null || need "curl missing"
[[ -f $bench_jar ]] || need "$bench_jar missing: ./mvnw -B -ntp -q package -pl bench -am -DskipTests"

# ------------------------------------------------------------------ tools on first use

for s in $servers; do
    case $s in
        quarry) [[ -f $quarry_jar ]] || need "$quarry_jar missing: ./mvnw -B -ntp -q package -pl sparql-endpoint -am -DskipTests" ;;
        fuseki)
            if [[ ! -f $jena_dir/jena-cmds-6.0.0.jar ]]; then
                echo "fetching Jena 6.0.0 command-line tools into $jena_dir" >&2
                (cd "$repo" && ./mvnw -B -ntp -q -f bench/peers/pom.xml dependency:copy-dependencies -DoutputDirectory="$jena_dir")
            fi
            if [[ ! -f $fuseki_jar ]]; then
                echo "fetching $fuseki_url" >&2
                mkdir -p "$(dirname "$fuseki_jar")"
                curl -sSf -o "$fuseki_jar.part" "$fuseki_url"
                [[ $(sha1sum < "$fuseki_jar.part" | cut -d' ' -f1) == "$(curl -sSf "$fuseki_url.sha1")" ]] || need "Fuseki jar: SHA-1 mismatch"
                mv "$fuseki_jar.part" "$fuseki_jar"
            fi ;;
        oxigraph)
            if [[ ! -x $venv/bin/oxigraph ]]; then
                echo "installing the oxigraph CLI into $venv" >&2
                [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
                "$venv/bin/pip" install -q oxigraph
            fi ;;
        *) need "unknown server $s (quarry, fuseki, oxigraph)" ;;
    esac
done

quads=${QUADS:-$(grep -c -v -E '^[[:space:]]*(#|$)' "$file")}
mkdir -p "$work"
summary=$work/summary.tsv
: > "$summary"
printf 'server\tload_seconds\tpeak_rss_kb\trss_kb\n' > "$work/servers.tsv"

# ------------------------------------------------------------------ one server at a time

pid=
stop_server() {
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    pid=
}
trap stop_server EXIT
trap 'stop_server; exit 130' INT TERM

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# load NAME STORE CMD...: a fresh store, timed (or reused with LOAD=0).
load() {
    local name=$1 store=$2; shift 2
    if [[ ${LOAD:-1} == 0 && -d $store ]]; then
        echo "== $name: reusing $store" >&2
        load_seconds=-
        return
    fi
    rm -rf "$store"
    echo "== $name load: $*" >&2
    local start
    start=$(date +%s.%N)
    "$@" > "$work/$name-load.log" 2>&1 || { tail -5 "$work/$name-load.log" >&2; need "$name: load failed, see $work/$name-load.log"; }
    load_seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    echo "   loaded in $load_seconds s" >&2
}

# serve NAME URL CMD...: starts the server in the background, waits until it answers a query.
serve() {
    local name=$1 url=$2; shift 2
    echo "== $name serve: $*" >&2
    "$@" > "$work/$name-serve.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 240); do
        kill -0 "$pid" 2>/dev/null || { tail -5 "$work/$name-serve.log" >&2; need "$name: server exited, see $work/$name-serve.log"; }
        if curl -sf -o /dev/null --max-time 5 -H 'Accept: application/sparql-results+json' --data-urlencode 'query=ASK {}' "$url"; then
            return
        fi
        sleep 0.5
    done
    need "$name: no answer from $url within 120 s"
}

# drive NAME URL: the query mix, then the server's RSS (VmHWM = peak since start), then stop.
drive() {
    local name=$1 url=$2 status=0
    # shellcheck disable=SC2086
    "$java" -Xmx1g -cp "$bench_jar" dev.quarry.bench.http.HttpBench --endpoint "$url" --name "$name" --quads "$quads" \
        ${SEED:+--seed "$SEED"} --mix-seed "${MIX_SEED:-1}" --warmup "${WARMUP:-50}" --mixes "${MIXES:-100}" \
        --clients "$clients" --timeout "$timeout" --counts "$work/counts-$name.tsv" --summary "$summary" \
        2> >(tee "$work/$name-driver.log" >&2) || status=$?
    local hwm rss
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
    printf '%s\t%s\t%s\t%s\n' "$name" "$load_seconds" "$hwm" "$rss" >> "$work/servers.tsv"
    stop_server
    (( status == 0 )) || echo "   $name: the driver reported errors (exit $status), see above" >&2
}

echo "file: $file ($quads statements), servers: $servers, work: $work, JVM heap $heap, query timeout ${timeout}s" >&2
for s in $servers; do
    port=$(free_port)
    case $s in
        quarry)
            store=$work/store-quarry
            # shellcheck disable=SC2086
            load quarry "$store" "$java" $heap -jar "$quarry_jar" load --store "$store" "$file"
            # shellcheck disable=SC2086
            serve quarry "http://127.0.0.1:$port/sparql" "$java" $heap -jar "$quarry_jar" serve --store "$store" \
                --port "$port" --read-only --query-timeout "$timeout" --max-concurrent-queries $((clients + 4)) ${QUARRY_SERVE_ARGS:-}
            drive quarry "http://127.0.0.1:$port/sparql" ;;
        fuseki)
            store=$work/store-tdb2
            # shellcheck disable=SC2086
            load fuseki "$store" "$java" $heap -cp "$jena_dir/*" tdb2.tdbloader --loc "$store" --loader=phased "$file"
            # shellcheck disable=SC2086
            # FUSEKI_BASE: Fuseki writes a run/ directory there (default: the current directory).
            serve fuseki "http://127.0.0.1:$port/ds/query" env FUSEKI_BASE="$work/fuseki-base" "$java" $heap -jar "$fuseki_jar" --tdb2 --loc="$store" \
                --port="$port" --localhost --timeout=$((timeout * 1000)) /ds
            drive fuseki "http://127.0.0.1:$port/ds/query" ;;
        oxigraph)
            store=$work/store-oxigraph
            load oxigraph "$store" "$venv/bin/oxigraph" load --location "$store" --file "$file"
            serve oxigraph "http://127.0.0.1:$port/query" "$venv/bin/oxigraph" serve-read-only --location "$store" \
                --bind "127.0.0.1:$port" --timeout-s "$timeout"
            drive oxigraph "http://127.0.0.1:$port/query" ;;
    esac
done

# ------------------------------------------------------------------ cross-check and table

counts=()
for s in $servers; do [[ -f $work/counts-$s.tsv ]] && counts+=("$work/counts-$s.tsv"); done
check=0
if (( ${#counts[@]} > 1 )); then
    "$java" -cp "$bench_jar" dev.quarry.bench.http.HttpBench compare "${counts[@]}" || check=$?
fi

echo
echo "$(basename "$file"): $quads quads; ${WARMUP:-50} warm-up + ${MIXES:-100} timed mixes, $clients client(s);" \
    "JVM servers $heap; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
awk -F'\t' -v servers="$servers" '
FNR == 1 && FILENAME ~ /servers.tsv$/ { next }
FILENAME ~ /servers.tsv$/ { load[$1] = $2; hwm[$1] = $3; next }
$2 == "QpH" { qph[$1] = $3; err[$1] = $7; next }
{ if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 } med[$1, $2] = $3 }
END {
    k = split(servers, s, " ")
    printf "%-30s", "median ms"; for (i = 1; i <= k; i++) printf " %12s", s[i]; printf "\n"
    for (t = 1; t <= n; t++) {
        printf "%-30s", order[t]; for (i = 1; i <= k; i++) printf " %12s", med[s[i], order[t]]; printf "\n"
    }
    printf "%-30s", "queries per hour"; for (i = 1; i <= k; i++) printf " %12s", qph[s[i]]; printf "\n"
    printf "%-30s", "failed queries"; for (i = 1; i <= k; i++) printf " %12s", err[s[i]]; printf "\n"
    printf "%-30s", "load seconds"; for (i = 1; i <= k; i++) printf " %12s", load[s[i]]; printf "\n"
    printf "%-30s", "server peak RSS MB"; for (i = 1; i <= k; i++) printf " %12.0f", hwm[s[i]] / 1024; printf "\n"
}' "$work/servers.tsv" "$summary" | tee "$work/table.txt"
echo "(per-template p95, rows and checksums: $summary; per query: $work/counts-*.tsv; logs: $work/*.log)"
exit "$check"
