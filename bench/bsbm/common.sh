# Shared by bench/bsbm/queries.sh and bench/bsbm/loads.sh (sourced, not run): the official BSBM
# tools, data generation and caching, and loading, serving and counting for each kind of server.
# Every function stops the whole run with one clear line on stderr when something is missing or
# wrong (die), and every server started here is stopped on exit (stop_all in the EXIT trap).

bsbm_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$bsbm_dir/../.." && pwd)
prog=$(basename "$0")

die() { echo "$prog: $*" >&2; exit 2; }
say() { echo "== $*" >&2; }

# ------------------------------------------------------------------ settings (environment)

data_root=${BSBM_DATA:-$repo/bench/target/bsbm-data}     # generated data, cached by size
tools_dir=${BSBM_TOOLS:-$repo/bench/target/bsbm-tools}    # bsbm-core and Fuseki jars
jvm_xmx=${JVM_XMX:-4g}                                     # heap of every JVM server and loader
port_base=${PORT_BASE:-7800}                               # servers take ports from here up
wait_seconds=${WAIT_SECONDS:-300}                          # longest wait for a server to answer
oxigraph_cmd=${OXIGRAPH:-oxigraph}
mkdir -p "$data_root" "$tools_dir"
data_root=$(cd "$data_root" && pwd); tools_dir=$(cd "$tools_dir" && pwd)   # commands run elsewhere
oxigraph_version=0.5.13
fuseki_version=6.2.0

# ------------------------------------------------------------------ tools

require_tools() {
  [[ -f $repo/.ci/java-home.sh ]] || die "missing $repo/.ci/java-home.sh"
  . "$repo/.ci/java-home.sh" || die "no JDK 21+ found: set JAVA_HOME"
  java=$JAVA_HOME/bin/java
  command -v python3 >/dev/null || die "python3 missing (tables, counts, latency client)"
  command -v curl >/dev/null || die "curl missing: apt-get install curl"
  [[ -x /usr/bin/time ]] || die "GNU time missing at /usr/bin/time: apt-get install time"
  if [[ ! -f $tools_dir/bsbm-core-3.1.10.jar || ! -f $tools_dir/jena-fuseki-server-$fuseki_version.jar ]]; then
    say "fetching bsbm-core 3.1.10 and jena-fuseki-server $fuseki_version into $tools_dir"
    (cd "$repo" && ./mvnw -B -ntp -q -f bench/bsbm/pom.xml dependency:copy-dependencies \
        -DoutputDirectory="$tools_dir") || die "could not fetch the BSBM tools with Maven"
  fi
  fuseki_jar=$tools_dir/jena-fuseki-server-$fuseki_version.jar
  # The BSBM class path: bsbm-core and its dependencies, not the shaded Fuseki jar (it bundles
  # its own copies of libraries).
  bsbm_cp=$(find "$tools_dir" -name '*.jar' ! -name 'jena-fuseki-server-*' | sort | paste -sd:)
}

# require_oxigraph: the `oxigraph` command-line server and loader of the pinned version.
require_oxigraph() {
  command -v "$oxigraph_cmd" >/dev/null \
    || die "no oxigraph command: pip install oxigraph==$oxigraph_version (or set OXIGRAPH=path)"
  local v; v=$("$oxigraph_cmd" --version 2>&1 | awk '{print $2}')
  [[ $v == "$oxigraph_version" ]] || echo "$prog: warning: oxigraph $v, the baseline used $oxigraph_version" >&2
}

bsbm_java() { "$java" -cp "$bsbm_cp" "$@"; }

# ------------------------------------------------------------------ data

# product_count SIZE: 1m, 5m, 25m (the sizes of issue 9 and 11) or pcN for any product count.
product_count() {
  case $1 in
    1m) echo 2785 ;; 5m) echo 14100 ;; 25m) echo 70812 ;;
    pc[0-9]*) echo "${1#pc}" ;;
    *) die "unknown size '$1': use 1m, 5m, 25m or pcN (N products)" ;;
  esac
}

# generate SIZE SERIALIZATION(nt|ttl): prints the path of the cached dataset.SER for that size,
# generating it first if missing. Generated into a temporary directory and moved into place when
# complete, so a broken run leaves no half-written file. The driver's parameter directory td_data
# and the generator's triple count (triples.txt) stay beside the data.
generate() {
  local size=$1 ser=$2 pc dir tmp
  pc=$(product_count "$size")
  dir=$data_root/pc$pc
  if [[ ! -f $dir/dataset.$ser ]]; then
    mkdir -p "$dir"
    tmp=$(mktemp -d "$dir/gen-$ser.XXXX")
    say "generating BSBM -pc $pc -s $ser into $dir"
    (cd "$tmp" && bsbm_java benchmark.generator.Generator -pc "$pc" -s "$ser" -fn dataset -dir td_data) \
        > "$tmp/gen.log" 2>&1 || { rm -rf "$tmp"; die "the BSBM generator failed (-pc $pc -s $ser)"; }
    grep -E '^[0-9]+ triples generated' "$tmp/gen.log" | awk '{print $1}' > "$tmp/triples.txt"
    [[ -s $tmp/triples.txt ]] || { rm -rf "$tmp"; die "the generator did not report its triple count"; }
    if [[ ! -d $dir/td_data ]]; then mv "$tmp/td_data" "$dir/td_data"; fi
    [[ -f $dir/triples.txt ]] || mv "$tmp/triples.txt" "$dir/triples.txt"
    mv "$tmp/gen.log" "$dir/gen-$ser.log"
    mv "$tmp/dataset.$ser" "$dir/dataset.$ser"
    rm -rf "$tmp"
  fi
  echo "$dir/dataset.$ser"
}

# expected_triples SIZE: the generator's own count for that size.
expected_triples() { cat "$data_root/pc$(product_count "$1")/triples.txt"; }

# ------------------------------------------------------------------ servers

# A server column is NAME=KIND[:JAR], KIND one of quarry, oxigraph, fuseki. QUARRY_JARS
# ("base=/a.jar new=/b.jar") turns the quarry entry of SERVERS into one column per jar.
server_columns() {
  local s
  for s in ${SERVERS:-quarry oxigraph fuseki}; do
    case $s in
      quarry)
        if [[ -n ${QUARRY_JARS:-} ]]; then
          local pair
          for pair in $QUARRY_JARS; do
            [[ $pair == *=* ]] || die "QUARRY_JARS entries are NAME=JAR, got '$pair'"
            [[ -f ${pair#*=} ]] || die "no such Quarry jar: ${pair#*=}"
            echo "quarry-${pair%%=*}=quarry:$(realpath "${pair#*=}")"
          done
        else
          echo "quarry=quarry:$(default_quarry_jar)"
        fi ;;
      oxigraph) require_oxigraph; echo "oxigraph=oxigraph" ;;
      fuseki) echo "fuseki=fuseki" ;;
      *) die "unknown server '$s' in SERVERS: use quarry, oxigraph, fuseki" ;;
    esac
  done
}

# default_quarry_jar: QUARRY_JAR, else this checkout's jar, built by ./quarry when stale.
default_quarry_jar() {
  if [[ -n ${QUARRY_JAR:-} ]]; then
    [[ -f $QUARRY_JAR ]] || die "no such Quarry jar: $QUARRY_JAR"
    realpath "$QUARRY_JAR"; return
  fi
  "$repo/quarry" --version >/dev/null || die "could not build Quarry (./quarry --version failed)"
  echo "$repo/sparql-endpoint/target/quarry.jar"
}

# quarry_aot JAR: the JVM option for JAR's ahead-of-time cache, as ./quarry uses it for load and
# query, not serve (made first when missing, outside any timing; QUARRY_AOT=off for none).
quarry_aot() { "$repo/jvm/aot-cache" "$1" train; }

# load_cmd KIND[:JAR] STORE FILE: the command line that bulk-loads FILE into a fresh STORE.
load_cmd() {
  local kind=${1%%:*} jar=${1#*:} store=$2 file=$3
  case $kind in
    quarry) echo "$java -Xmx$jvm_xmx @$repo/jvm/load.options $(quarry_aot "$jar") -jar $jar load --store $store $file" ;;
    oxigraph) echo "$oxigraph_cmd load --location $store --file $file" ;;
    fuseki) echo "$java -Xmx$jvm_xmx -cp $fuseki_jar tdb2.tdbloader --loc $store $file" ;;
  esac
}

# count_cmd KIND[:JAR] STORE: a separate process that prints the default graph's triple count
# (CSV: a header line, then the number) of a stopped store.
count_cmd() {
  local kind=${1%%:*} jar=${1#*:} store=$2 q='SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }'
  case $kind in
    quarry) "$java" -Xmx"$jvm_xmx" $(quarry_aot "$jar") -jar "$jar" query --store "$store" --format csv "$q" ;;
    oxigraph) "$oxigraph_cmd" query --location "$store" --query "$q" --results-format csv ;;
    fuseki) "$java" -Xmx"$jvm_xmx" -cp "$fuseki_jar" tdb2.tdbquery --loc "$store" --results csv "$q" ;;
  esac
}

# serve_cmd KIND[:JAR] STORE PORT: the read-only server command line.
serve_cmd() {
  local kind=${1%%:*} jar=${1#*:} store=$2 port=$3
  case $kind in
    quarry) echo "$java -Xmx$jvm_xmx @$repo/jvm/serve.options -jar $jar serve --store $store --port $port --bind 127.0.0.1 --read-only" ;;
    oxigraph) echo "$oxigraph_cmd serve-read-only --location $store --bind 127.0.0.1:$port" ;;
    fuseki) echo "$java -Xmx$jvm_xmx -jar $fuseki_jar --tdb2 --loc $store --port $port --localhost /bsbm" ;;
  esac
}

# endpoint KIND PORT: the SPARQL query URL each server uses.
endpoint() {
  case ${1%%:*} in
    quarry) echo "http://127.0.0.1:$2/sparql" ;;
    oxigraph) echo "http://127.0.0.1:$2/query" ;;
    fuseki) echo "http://127.0.0.1:$2/bsbm/query" ;;
  esac
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# free_port: the next free port from port_base up (a port of this engineer's range).
free_port() {
  local p=$port_base
  while ! port_free "$p"; do
    p=$((p + 1))
    (( p < port_base + 100 )) || die "no free port in $port_base..$((port_base + 99))"
  done
  echo "$p"
}

server_pids=()
stop_all() {
  local pid
  for pid in "${server_pids[@]}"; do stop_pid "$pid"; done
  server_pids=()
}
trap stop_all EXIT
trap 'exit 130' INT TERM

# stop_pid PID: SIGTERM, then SIGKILL after 30 s.
stop_pid() {
  local pid=$1 i
  kill "$pid" 2>/dev/null || return 0
  for i in $(seq 60); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.5; done
  kill -9 "$pid" 2>/dev/null || true
}

# start_server KIND[:JAR] STORE PORT LOG: starts the server in the background, waits until a
# SPARQL query answers (at most wait_seconds), sets server_pid.
start_server() {
  local spec=$1 store=$2 port=$3 log=$4 url i
  port_free "$port" || die "port $port is taken"
  url=$(endpoint "$spec" "$port")
  # From the store's parent directory: Fuseki makes its run/ directory in the working directory.
  # shellcheck disable=SC2046
  (cd "$(dirname "$store")" && exec $(serve_cmd "$spec" "$store" "$port")) > "$log" 2>&1 &
  server_pid=$!
  server_pids+=("$server_pid")
  for i in $(seq $((wait_seconds * 2))); do
    if curl -s -o /dev/null -f --max-time 5 --data-urlencode 'query=ASK {}' "$url"; then return 0; fi
    kill -0 "$server_pid" 2>/dev/null || die "the ${spec%%:*} server exited at start, see $log"
    sleep 0.5
  done
  die "the ${spec%%:*} server did not answer within $wait_seconds s, see $log"
}

# sparql_count URL: the number of triples in the default graph, asked over HTTP.
sparql_count() {
  curl -s -f --max-time 600 -H 'Accept: application/sparql-results+json' \
      --data-urlencode 'query=SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }' "$1" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["results"]["bindings"][0]["n"]["value"])'
}

load_average() { cut -d' ' -f1-3 /proc/loadavg; }
