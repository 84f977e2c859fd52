#!/usr/bin/env bash
# ab2.sh OUT ROUNDS: new.jar (ca77445) and seg.jar (segmented arena) alternating, order flipped per round
out=$1; rounds=$2; D=/work/scratch/bsbm-data/pc14100
for r in $(seq 1 $rounds); do
  for f in dataset.ttl dataset.nt; do
    if (( r % 2 )); then order="new seg"; else order="seg new"; fi
    for j in $order; do ./run1.sh $j-${f#dataset.} $out $D/$f $j.jar -Xmx4g; done
  done
done
