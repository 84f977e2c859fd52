#!/usr/bin/env bash
# ab.sh OUT ROUNDS: base.jar and new.jar alternating (order flipped each round) on the 5 M files, -Xmx4g as bench/bsbm/loads.sh
out=$1; rounds=$2; D=/work/scratch/bsbm-data/pc14100
for r in $(seq 1 $rounds); do
  for f in dataset.ttl dataset.ttl.gz dataset.nt.bz2 dataset.nt; do
    if (( r % 2 )); then order="base new"; else order="new base"; fi
    for j in $order; do ./run1.sh $j-${f#dataset.} $out $D/$f $j.jar -Xmx4g; done
  done
done
