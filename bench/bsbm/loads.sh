#!/usr/bin/env bash
# Bulk loads of the official BSBM data (issue 11 item 4): generates the data with the official
# generator at each size as .nt and .ttl (cached), compresses them to .ttl.gz and .nt.bz2, loads
# every file into a fresh store of each loader one after the other, counts the loaded triples in a
# separate process, and prints one table (wall time, peak RSS, store size, count, ratio to
# Oxigraph, Quarry's stages) written with the logs to bench/results/<date>-bsbm-loads/.
#
#   bench/bsbm/loads.sh                                   # 5m, every format, quarry and oxigraph
#   SIZES="5m 25m" FORMATS="nt ttl" bench/bsbm/loads.sh
#   LOADERS="quarry" QUARRY_JARS="base=/tmp/a.jar new=/tmp/b.jar" bench/bsbm/loads.sh
#
# Loaders: quarry (`quarry load`, with --report and --timeline), oxigraph (`oxigraph load`: it
# reads .gz itself; .bz2 it cannot, so bzip2 -dc pipes into it), fuseki (tdb2.tdbloader of the
# Fuseki jar). Environment: SIZES (default 5m), FORMATS (default "nt ttl ttl.gz nt.bz2"), LOADERS
# (default "quarry oxigraph"), QUARRY_JAR or QUARRY_JARS, JVM_XMX (4g), WARM_CACHE (1: the input
# file is read into the page cache before each load; 0 = not), BSBM_DATA, BSBM_WORK,
# RESULTS (default bench/results/<date>-bsbm-loads).
set -euo pipefail
. "$(dirname "$0")/common.sh"

sizes=${SIZES:-5m}
formats=${FORMATS:-nt ttl ttl.gz nt.bz2}
work=${BSBM_WORK:-$repo/bench/target/bsbm-work}
mkdir -p "$work"; work=$(cd "$work" && pwd)
out=${RESULTS:-$repo/bench/results/$(date -u +%F)-bsbm-loads}
SERVERS=${LOADERS:-quarry oxigraph}

require_tools
column_lines=$(server_columns)   # not in a process substitution: its errors must stop the run
mapfile -t columns <<< "$column_lines"
for f in $formats; do
  case $f in nt|ttl|nt.gz|ttl.gz|nt.bz2|ttl.bz2) ;; *) die "unknown format '$f': nt ttl nt.gz ttl.gz nt.bz2 ttl.bz2" ;; esac
done
for size in $sizes; do product_count "$size" >/dev/null; done

# data_file SIZE FORMAT: the cached file, compressed from the generated one when first asked.
data_file() {
  local size=$1 fmt=$2 plain tmp
  plain=$(generate "$size" "${fmt%%.*}")
  case $fmt in
    *.gz|*.bz2)
      if [[ ! -f $plain.${fmt#*.} ]]; then
        say "compressing $plain to .${fmt#*.}"
        tmp=$plain.${fmt#*.}.tmp
        # Checked here: errexit does not reach into the $(data_file ...) that calls this, and a
        # compressor stopped half-way must not leave a truncated file to be loaded as the data.
        if [[ $fmt == *.gz ]]; then gzip -c "$plain" > "$tmp" || { rm -f "$tmp"; die "gzip of $plain failed"; }
        else bzip2 -c "$plain" > "$tmp" || { rm -f "$tmp"; die "bzip2 of $plain failed"; }; fi
        mv "$tmp" "$plain.${fmt#*.}"
      fi
      echo "$plain.${fmt#*.}" ;;
    *) echo "$plain" ;;
  esac
}

mkdir -p "$out" "$work"; out=$(cd "$out" && pwd)
rm -f "$out"/*.log "$out"/*.tsv "$out"/*.json "$out"/table.md "$out"/run.txt
printf '%s\n' "${columns[@]}" > "$out/columns.txt"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "command: SIZES=\"$sizes\" FORMATS=\"$formats\" LOADERS=\"$SERVERS\" ${QUARRY_JARS:+QUARRY_JARS=\"$QUARRY_JARS\" }bench/bsbm/loads.sh"
  echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo)"
  echo "quarry: $(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo '?')$(cd "$repo" && git diff --quiet 2>/dev/null || echo ' (uncommitted changes)'), JVM -Xmx$jvm_xmx"
  echo "quarry AOT cache: ${QUARRY_AOT:-on} (jvm/aot-cache)"
  echo "oxigraph: $("$oxigraph_cmd" --version 2>/dev/null || echo 'not used')"
} > "$out/run.txt"
results=$out/loads.tsv
printf 'file\tloader\tseconds\tpeak_rss_kb\tstore_bytes\tcount\tstatus\tcpu_seconds\tload_avg\n' > "$results"

for size in $sizes; do
  generate "$size" nt >/dev/null
  expect=$(expected_triples "$size")
  for fmt in $formats; do
    file=$(data_file "$size" "$fmt")
    label=$size.$fmt
    for col in "${columns[@]}"; do
      name=${col%%=*}; spec=${col#*=}; kind=${spec%%:*}
      store=$work/load-$name
      base=$out/$label-$name
      rm -rf "$store"
      cmd=$(load_cmd "$spec" "$store" "$file")
      if [[ $kind == quarry ]]; then
        cmd="$cmd --report $base-report.json --timeline $base-timeline.tsv"
      elif [[ $kind == oxigraph && $fmt == *.bz2 ]]; then
        cmd="bzip2 -dc $file | $oxigraph_cmd load --location $store --format ${fmt%%.*}"
      fi
      avg=$(load_average)
      say "$label $name: $cmd (load $avg)"
      sync
      # Every loader starts with its input in the page cache (WARM_CACHE=0 skips it): otherwise
      # the first loader of a file may read it from disk and the next from memory.
      if [[ ${WARM_CACHE:-1} == 1 ]]; then
        cat "$file" > /dev/null
      fi
      start=$(date +%s.%N)
      if ! /usr/bin/time -v -o "$base.time" bash -o pipefail -c "$cmd" > "$base.log" 2>&1; then
        echo "   $label $name: load FAILED, see $base.log" >&2
        printf '%s\t%s\t-\t-\t-\t-\tFAILED\t-\t%s\n' "$label" "$name" "$avg" >> "$results"
        rm -rf "$store"; continue
      fi
      seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
      rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$base.time")
      cpu=$(awk -F': ' '/User time|System time/ {t += $2} END {printf "%.1f", t}' "$base.time")
      bytes=$(du -s -B1 "$store" | cut -f1)   # blocks on disk: TDB2 files are sparse
      count=$(count_cmd "$spec" "$store" 2> "$base-count.log" | tail -1 | tr -d '\r"' || true)
      status=ok
      [[ $count == "$expect" ]] || status="count $count, expected $expect"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$name" "$seconds" "$rss" "$bytes" \
        "${count:--}" "$status" "$cpu" "$avg" >> "$results"
      echo "   $label $name: $seconds s, $count triples, $status" >&2
      rm -rf "$store"
    done
  done
done

python3 "$bsbm_dir/table.py" loads "$out" | tee "$out/table.md"
echo "results: $out" >&2
