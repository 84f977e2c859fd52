#!/usr/bin/env bash
# Loads the same N-Quads file once per input codec (plain, gzip, bzip2, xz, zstd, lz4) into a
# fresh Quarry store, verifies the quad count of every store afterwards, and prints per codec the
# compressed size, wall and load time, quads/s, CPU time, peak RSS and the rate relative to the
# plain file.
#
#   bench/codecs.sh FILE.nq                        # every codec, one round
#   REPEAT=3 bench/codecs.sh FILE.nq               # three rounds, median per codec
#   CODECS="plain gzip zstd" bench/codecs.sh FILE.nq
#
# The compressed files are made once with the system tools and kept beside FILE.nq (an existing
# one is reused, whoever made it): FILE.nq.gz (pigz -1, else gzip -1), FILE.nq.bz2 (bzip2 -9,
# its default), FILE.nq.xz (xz -T0 -3), FILE.nq.zst (zstd -T0 -3, its default level),
# FILE.nq.lz4 (lz4 -1, its default). Rounds run the codecs in turn (plain, gzip, ..., then
# again), so a slow spell of a shared machine spreads over all codecs instead of hitting one.
#
# Columns: wall s = the whole java process (JVM start-up included); load s = the report's
# totalTimeSpent (sources opened to commit); quads/s = totalRecords / load s; CPU s = user +
# system of the process; peak RSS = GNU time's maximum resident set size; ratio = quads/s over
# the plain file's. With REPEAT=N each column is the median of its N values (separately). The
# count is read back in a separate process (quarry query, SPARQL COUNT over all graphs) and must
# equal the number of statement lines of FILE.nq (override with EXPECT=N), else the row says
# MISMATCH.
#
# Needs: JDK 21+ (JAVA_HOME or java on PATH), GNU time at /usr/bin/time (Debian: apt-get install
# time), gzip or pigz, bzip2, xz, zstd, lz4 (Debian: apt-get install pigz bzip2 xz-utils zstd lz4).
# Environment: WORK (stores, logs, reports, timelines; default bench/target/codecs-run), REPEAT
# (default 1), CODECS (subset, space separated), QUARRY_JAR (default
# sparql-endpoint/target/quarry.jar), QUARRY_JVM_ARGS (e.g. -Xmx4g), EXPECT.
# Output: $WORK/runs.tsv (every load), $WORK/codecs.tsv (medians; bench/charts.py codecs draws
# it), $WORK/timeline-CODEC-ROUND.tsv (quarry load --timeline; bench/charts.py timeline draws
# them), $WORK/machine.txt.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
file=${1:?usage: bench/codecs.sh FILE.nq}
[[ -f $file ]] || { echo "codecs.sh: no such file: $file" >&2; exit 2; }
[[ $file == *.nq ]] || { echo "codecs.sh: give a plain .nq file; the compressed ones are made beside it" >&2; exit 2; }
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
work=${WORK:-$repo/bench/target/codecs-run}
codecs=${CODECS:-"plain gzip bzip2 xz zstd lz4"}
repeat=${REPEAT:-1}
quarry_jar=${QUARRY_JAR:-$repo/sparql-endpoint/target/quarry.jar}
count_query='SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }'

# ------------------------------------------------------------------ requirements

java=${JAVA_HOME:+$JAVA_HOME/bin/}java
need() { echo "codecs.sh: $*" >&2; exit 2; }
[[ $repeat =~ ^[1-9][0-9]*$ ]] || need "REPEAT must be a positive number, got '$repeat'"
[[ -x /usr/bin/time ]] && /usr/bin/time -v true 2>/dev/null || need "GNU time missing: apt-get install time"
command -v "$java" >/dev/null || need "no java: set JAVA_HOME to a JDK 21+"
jv=$("$java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ {print $2}')
(( ${jv%%.*} >= 21 )) || need "java $jv is too old: set JAVA_HOME to a JDK 21+"
[[ -f $quarry_jar ]] || need "no $quarry_jar: ./mvnw -B -ntp -q package -pl sparql-endpoint -am -DskipTests"
"$java" -jar "$quarry_jar" load --help 2>/dev/null | grep -q -- --timeline \
    || need "$quarry_jar has no 'load --timeline': rebuild it"

# suffix CODEC: the file name suffix of the compressed variant.
suffix() {
    case $1 in
        plain) echo "" ;; gzip) echo .gz ;; bzip2) echo .bz2 ;; xz) echo .xz ;; zstd) echo .zst ;; lz4) echo .lz4 ;;
        *) need "unknown codec $1 (plain gzip bzip2 xz zstd lz4)" ;;
    esac
}

# compressor CODEC: the command that writes the compressed variant of stdin to stdout.
compressor() {
    case $1 in
        gzip) if command -v pigz >/dev/null; then echo "pigz -1 -c"; else echo "gzip -1 -c"; fi ;;
        bzip2) echo "bzip2 -9 -c" ;;
        xz) echo "xz -T0 -3 -c" ;;
        zstd) echo "zstd -T0 -3 -q -c" ;;
        lz4) echo "lz4 -1 -q -c" ;;
    esac
}

for codec in $codecs; do
    suffix "$codec" > /dev/null
    [[ $codec == plain ]] && continue
    tool=$(compressor "$codec"); tool=${tool%% *}
    [[ -f $file$(suffix "$codec") ]] || command -v "$tool" >/dev/null || need "$tool missing, needed for $codec"
done

# ------------------------------------------------------------------ inputs

for codec in $codecs; do
    [[ $codec == plain ]] && continue
    out=$file$(suffix "$codec")
    if [[ -f $out ]]; then
        echo "using existing $out" >&2
        continue
    fi
    cmd=$(compressor "$codec")
    echo "making $out with $cmd" >&2
    # shellcheck disable=SC2086
    $cmd < "$file" > "$out.partial"
    mv "$out.partial" "$out"
done

expect=${EXPECT:-$(grep -c -v -E '^[[:space:]]*(#|$)' "$file")}
mkdir -p "$work"
rm -f "$work"/timeline-*.tsv
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "file: $file ($expect statements)"
    echo "cpu: $(nproc) x $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
    echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "os: $(uname -sr)"
    echo "java: $("$java" -version 2>&1 | head -1)"
    echo "QUARRY_JVM_ARGS: ${QUARRY_JVM_ARGS:-}"
    echo "quarry: $(cd "$repo" && git describe --always --dirty 2>/dev/null || echo unknown)"
    for t in pigz gzip bzip2 xz zstd lz4; do
        command -v "$t" >/dev/null && echo "$t: $("$t" --version 2>&1 | head -1)"
    done
} > "$work/machine.txt"
runs=$work/runs.tsv
printf 'codec\tround\tcompressed_bytes\twall_s\tload_s\tquads_per_s\tcpu_s\tpeak_rss_kb\tcount\tstatus\tload_avg\n' > "$runs"

# ------------------------------------------------------------------ measuring

# load CODEC ROUND: one load into a fresh store, then the count in a separate process.
load() {
    local codec=$1 round=$2 input name store start end bytes
    input=$file$(suffix "$codec")
    bytes=$(stat -L -c %s "$input")
    name=$codec-$round
    store=$work/store
    rm -rf "$store"
    echo "== $name: $(basename "$input")" >&2
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    if ! /usr/bin/time -v -o "$work/$name.time" "$java" ${QUARRY_JVM_ARGS:-} -jar "$quarry_jar" load \
            --store "$store" --report "$work/report-$name.json" --timeline "$work/timeline-$name.tsv" "$input" \
            > "$work/$name.log" 2>&1; then
        echo "   $name FAILED, see $work/$name.log" >&2
        tail -5 "$work/$name.log" >&2
        printf '%s\t%s\t%s\t-\t-\t-\t-\t-\t-\tFAILED\t-\n' "$codec" "$round" "$bytes" >> "$runs"
        return 0
    fi
    end=$(date +%s.%N)
    local load_avg wall load_s rss cpu count status=OK
    load_avg=$(cut -d' ' -f1 /proc/loadavg)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    load_s=$(sed -n 's/^ *"totalTimeSpent": \([0-9.]*\),$/\1/p' "$work/report-$name.json")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/$name.time")
    cpu=$(awk -F': ' '/User time|System time/ {t += $2} END {printf "%.2f", t}' "$work/$name.time")
    count=$("$java" -jar "$quarry_jar" query --store "$store" --format csv "$count_query" 2>&1 | tail -1 | tr -d '\r' || true)
    [[ $count == "$expect" ]] || status="MISMATCH (expected $expect)"
    printf '%s\t%s\t%s\t%s\t%s\t%.0f\t%s\t%s\t%s\t%s\t%s\n' "$codec" "$round" "$bytes" "$wall" "$load_s" \
        "$(awk -v n="$expect" -v s="$load_s" 'BEGIN { print n / s }')" "$cpu" "$rss" "$count" "$status" "$load_avg" >> "$runs"
    echo "   $name: ${wall}s wall, ${load_s}s load, count $count, $status" >&2
    rm -rf "$store"
}

echo "file: $file ($expect statements), $repeat round(s), work: $work" >&2
for round in $(seq 1 "$repeat"); do
    for codec in $codecs; do
        load "$codec" "$round"
    done
done

# ------------------------------------------------------------------ medians

# Per codec, the median of each column over the OK rounds (the mean of the middle two for an
# even count); a codec without an OK round keeps the status of its last round.
summary=$work/codecs.tsv
awk -F'\t' -v OFS='\t' -v order="$codecs" '
function median(list,    v, n, i, j, t) {
    n = split(list, v, " ")
    for (i = 2; i <= n; i++) { t = v[i] + 0; for (j = i - 1; j >= 1 && v[j] + 0 > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
NR == 1 { next }
{ last[$1] = $10; bytes[$1] = $3 }
$10 == "OK" { ok[$1]++; for (c = 4; c <= 8; c++) col[$1, c] = col[$1, c] " " $c }
END {
    print "codec", "compressed_bytes", "wall_s", "load_s", "quads_per_s", "cpu_s", "peak_rss_kb", "ratio_to_plain", "rounds", "status"
    plain = ("plain" in ok) ? median(col["plain", 6]) : 0
    n = split(order, codecs, " ")
    for (i = 1; i <= n; i++) {
        k = codecs[i]
        if (!(k in ok)) { print k, bytes[k], "-", "-", "-", "-", "-", "-", 0, last[k]; continue }
        rate = median(col[k, 6])
        printf "%s\t%s\t%.2f\t%.2f\t%.0f\t%.2f\t%.0f\t%s\t%d\tOK\n", k, bytes[k], median(col[k, 4]), median(col[k, 5]),
            rate, median(col[k, 7]), median(col[k, 8]), (plain > 0 ? sprintf("%.3f", rate / plain) : "-"), ok[k]
    }
}' "$runs" > "$summary"

echo
echo "$(basename "$file"): $expect quads; $(nproc) cores; $repeat round(s), medians; quads/s = quads / load s;" \
    "ratio = quads/s / plain quads/s; load avg at the end: $(cut -d' ' -f1 /proc/loadavg)"
awk -F'\t' '
NR == 1 { printf "%-6s %11s %8s %8s %10s %6s %8s %10s %6s  %s\n", "codec", "input", "wall s", "load s", "quads/s", "ratio", "cpu s", "peak RSS", "rounds", "status"; next }
$4 == "-" { printf "%-6s %9.1fMB %8s %8s %10s %6s %8s %10s %6s  %s\n", $1, $2 / 1048576, "-", "-", "-", "-", "-", "-", $9, $10; next }
{ printf "%-6s %9.1fMB %8.1f %8.1f %10d %6s %8.1f %8.0fMB %6d  %s\n", $1, $2 / 1048576, $3, $4, $5, $8, $6, $7 / 1024, $9, $10 }' "$summary"
echo "(medians: $summary, every load: $runs, timelines: $work/timeline-*.tsv, machine: $work/machine.txt)"
