#!/usr/bin/env bash
# Loads one N-Quads file with each peer loader and Quarry, verifies the quad count of every
# store afterwards, and prints wall time, quads/s, peak RSS and store size side by side.
#
#   bench/peers.sh FILE.nq                  # all peers
#   PEERS="tdb2-phased oxigraph" bench/peers.sh FILE.nq
#
# Peers: tdb2-basic tdb2-phased tdb2-parallel (Jena TDB2 tdb2.tdbloader --loader=...),
# oxigraph (pyoxigraph Store.bulk_load), quarry (quarry.jar load, when the jar has that command).
# Needs: JDK 21+ (JAVA_HOME or java on PATH), GNU time at /usr/bin/time (Debian: apt-get install time),
# python3 with venv, du. Jena's tools come from Maven Central via ./mvnw, pyoxigraph from PyPI,
# both into bench/target/ on first use.
#
# The expected count is the number of statement lines of the file (the generator writes no
# duplicates); override with EXPECT=N. A store holding any other count is reported as MISMATCH:
# some loaders silently drop the default-graph quads of N-Quads files that also have named graphs.
#
# Environment: WORK (stores, logs; default bench/target/peers-run), JVM_ARGS (for TDB2, default
# none = JVM defaults), QUARRY_JAR (default sparql-endpoint/target/quarry.jar), QUARRY_JVM_ARGS,
# PEERS (subset, space separated), QUARRY_COUNT (verify, the default, or sparql).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
file=${1:?usage: bench/peers.sh FILE.nq}
[[ -f $file ]] || { echo "peers.sh: no such file: $file" >&2; exit 2; }
[[ $file == *.nq ]] || { echo "peers.sh: give a plain .nq file (every peer reads it as N-Quads)" >&2; exit 2; }
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
work=${WORK:-$repo/bench/target/peers-run}
peers=${PEERS:-"tdb2-basic tdb2-phased tdb2-parallel oxigraph quarry"}
jena_dir=$repo/bench/target/peers
venv=$repo/bench/target/venv
quarry_jar=${QUARRY_JAR:-$repo/sparql-endpoint/target/quarry.jar}
count_query='SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }'

# ------------------------------------------------------------------ requirements

java=${JAVA_HOME:+$JAVA_HOME/bin/}java
need() { echo "peers.sh: $*" >&2; exit 2; }
[[ -x /usr/bin/time ]] && /usr/bin/time -v true 2>/dev/null || need "GNU time missing: apt-get install time"
command -v "$java" >/dev/null || need "no java: set JAVA_HOME to a JDK 21+"
jv=$("$java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ {print $2}')
(( ${jv%%.*} >= 21 )) || need "java $jv is too old: set JAVA_HOME to a JDK 21+"
# The JDK's home, for jvm/aot-cache, also when java comes from PATH.
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v "$java")")")")}
command -v python3 >/dev/null || need "python3 missing (for pyoxigraph)"

if [[ $peers == *tdb2* && ! -f $jena_dir/jena-cmds-6.0.0.jar ]]; then
    echo "fetching Jena 6.0.0 command-line tools into $jena_dir" >&2
    (cd "$repo" && ./mvnw -B -ntp -q -f bench/peers/pom.xml dependency:copy-dependencies -DoutputDirectory="$jena_dir")
fi
if [[ $peers == *oxigraph* && ! -x $venv/bin/python ]]; then
    echo "installing pyoxigraph into $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q pyoxigraph
fi

expect=${EXPECT:-$(grep -c -v -E '^[[:space:]]*(#|$)' "$file")}
mkdir -p "$work"
results=$work/results.tsv
printf 'peer\tseconds\tquads_per_s\tpeak_rss_kb\tstore_bytes\tcount\tstatus\tcpu_seconds\tload_avg\n' > "$results"

# ------------------------------------------------------------------ measuring

# run NAME STORE CMD...: times CMD, then records RSS and store size; the count comes later.
run() {
    local name=$1 store=$2; shift 2
    rm -rf "$store"
    echo "== $name: $*" >&2
    local start end
    start=$(date +%s.%N)
    if ! /usr/bin/time -v -o "$work/$name.time" "$@" > "$work/$name.log" 2>&1; then
        echo "   $name FAILED, see $work/$name.log" >&2
        tail -5 "$work/$name.log" >&2
        printf '%s\t-\t-\t-\t-\t-\tFAILED\t-\t-\n' "$name" >> "$results"
        return 1
    fi
    end=$(date +%s.%N)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/$name.time")
    # CPU time (user + system) is less disturbed than wall time when other jobs share the cores.
    cpu=$(awk -F': ' '/User time|System time/ {t += $2} END {printf "%.1f", t}' "$work/$name.time")
    load=$(cut -d' ' -f1 /proc/loadavg)
    bytes=$(du -sb "$store" | cut -f1)
}

# record NAME COUNT: appends the row, comparing COUNT with the expected count.
record() {
    local name=$1 count=$2 status=OK
    [[ $count == "$expect" ]] || status="MISMATCH (expected $expect)"
    printf '%s\t%.2f\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$seconds" "$(awk -v n="$expect" -v s="$seconds" 'BEGIN { print n / s }')" \
        "$rss" "$bytes" "$count" "$status" "$cpu" "$load" >> "$results"
    echo "   $name: ${seconds}s, count $count, $status" >&2
}

# ------------------------------------------------------------------ peers

tdb2() {
    local loader=$1 store=$work/store-tdb2-$1
    # shellcheck disable=SC2086
    run "tdb2-$loader" "$store" "$java" ${JVM_ARGS:-} -cp "$jena_dir/*" tdb2.tdbloader --loc "$store" --loader="$loader" "$file" || return 0
    local count
    count=$("$java" -cp "$jena_dir/*" tdb2.tdbquery --loc "$store" --results=csv "$count_query" | tail -1 | tr -d '\r')
    record "tdb2-$loader" "$count"
}

oxigraph() {
    local store=$work/store-oxigraph
    run oxigraph "$store" "$venv/bin/python" -c '
import sys, pyoxigraph as ox
store = ox.Store(sys.argv[1])
store.bulk_load(path=sys.argv[2], format=ox.RdfFormat.N_QUADS)
store.flush()' "$store" "$file" || return 0
    local count
    count=$("$venv/bin/python" -c 'import sys, pyoxigraph as ox; print(len(ox.Store.read_only(sys.argv[1])))' "$store")
    record oxigraph "$count"
}

quarry() {
    local store=$work/store-quarry
    if [[ ! -f $quarry_jar ]] || ! "$java" -jar "$quarry_jar" load --help > /dev/null 2>&1; then
        echo "== quarry: skipped ($quarry_jar missing or without a 'load' command)" >&2
        printf 'quarry\t-\t-\t-\t-\t-\tSKIPPED (no quarry.jar load)\t-\t-\n' >> "$results"
        return 0
    fi
    # The JVM's ahead-of-time cache and the loader's JVM options (jvm/load.options), as ./quarry
    # uses them (the cache made now, outside the timing; QUARRY_AOT=off: none).
    local aot
    aot=$(JAVA_HOME=$java_home "$repo/jvm/aot-cache" "$quarry_jar" train)
    # shellcheck disable=SC2086
    run quarry "$store" "$java" ${QUARRY_JVM_ARGS:-} @"$repo/jvm/load.options" $aot -jar "$quarry_jar" load --store "$store" "$file" || return 0
    local count
    # quarry verify counts the quads of the index and checks that all six indexes and the
    # dictionary agree ("ok: 1,000,000 quads and ... terms checked"). (The SPARQL COUNT through
    # quarry query gave no answer within 9 minutes on 1 M quads, main a75e556.)
    # QUARRY_COUNT=sparql counts with the SPARQL COUNT instead (seconds rather than minutes on
    # 10 M quads; it checks the count, not the indexes).
    if [[ ${QUARRY_COUNT:-verify} == sparql ]]; then
        count=$("$java" -jar "$quarry_jar" query --store "$store" --format csv "$count_query" | tail -1 | tr -d '\r' || true)
    else
        count=$("$java" -jar "$quarry_jar" verify --store "$store" 2>&1 | sed -n 's/^ok: \([0-9,]*\) quads.*/\1/p' | tr -d , || true)
    fi
    record quarry "${count:-verify-failed}"
}

echo "file: $file ($expect statements), work: $work" >&2
for peer in $peers; do
    case $peer in
        tdb2-basic|tdb2-phased|tdb2-parallel) tdb2 "${peer#tdb2-}" ;;
        oxigraph) oxigraph ;;
        quarry) quarry ;;
        *) need "unknown peer $peer" ;;
    esac
done

# ------------------------------------------------------------------ table

echo
echo "$(basename "$file"): $expect quads; $(nproc) cores; ratio = rate / fastest verified rate;" \
    "cpu = user + system seconds; load = 1-min load average when the load ended"
awk -F'\t' '
NR == 1 { next }
{ row[NR] = $0; if ($7 == "OK" && $3 + 0 > best) best = $3 + 0 }
END {
    printf "%-14s %9s %11s %7s %8s %5s %10s %10s %11s  %s\n", "peer", "seconds", "quads/s", "ratio", "cpu s", "load", "peak RSS", "store", "count", "status"
    for (i = 2; i <= NR; i++) {
        split(row[i], f, "\t")
        if (f[2] == "-") { printf "%-14s %9s %11s %7s %8s %5s %10s %10s %11s  %s\n", f[1], "-", "-", "-", "-", "-", "-", "-", "-", f[7]; continue }
        printf "%-14s %9.1f %11d %7.2f %8.1f %5.1f %8.0fMB %8.0fMB %11s  %s\n", f[1], f[2], f[3], (best > 0 ? f[3] / best : 0), f[8], f[9], f[4] / 1024, f[5] / 1048576, f[6], f[7]
    }
}' "$results"
echo "(raw: $results, logs: $work/*.log)"
