#!/usr/bin/env bash
# oxi.sh OUT: Oxigraph 0.5.13 on the 5 M files as bench/bsbm/loads.sh runs it (bzip2 piped)
out=$1; D=/work/scratch/bsbm-data/pc14100; mkdir -p $out
for f in ttl ttl.gz nt.bz2; do
  store=/work/scratch/loadmem/store-oxi; rm -rf $store
  if [[ $f == *.bz2 ]]; then cmd="bzip2 -dc $D/dataset.$f | oxigraph load --location $store --format nt"; else cmd="oxigraph load --location $store --file $D/dataset.$f"; fi
  la=$(cut -d' ' -f1-3 /proc/loadavg); sync
  /usr/bin/time -v -o $out/oxigraph-$f.time bash -o pipefail -c "$cmd" > $out/oxigraph-$f.log 2>&1; rc=$?
  secs=$(grep "Elapsed" $out/oxigraph-$f.time | awk '{print $NF}' | awk -F: '{print $1*60+$2}')
  cpu=$(grep -E "User time|System time" $out/oxigraph-$f.time | awk '{s+=$NF} END {print s}')
  rss=$(grep "Maximum resident" $out/oxigraph-$f.time | awk '{print int($NF/1024)}')
  echo -e "oxigraph-$f\t1\t$secs\tcpu=$cpu\t$rss\t-\trc=$rc\tla=$la" | tee -a $out/runs.tsv
  rm -rf $store
done
