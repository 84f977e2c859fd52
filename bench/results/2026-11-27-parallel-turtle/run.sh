#!/bin/bash
# Interleaved timed loads of official BSBM 5M: base jar (main at a075cfe) vs this branch.
D=/work/scratch/bsbm-data/pc14100
BASE=/work/scratch/quarry-base.jar
NEW=/tmp/quarry-turtle2.jar
for round in 1 2 3; do
  /tmp/tload.sh $BASE $D/dataset.ttl "r$round base"
  /tmp/tload.sh $NEW  $D/dataset.ttl "r$round new"
  /tmp/tload.sh $NEW  $D/dataset.nt  "r$round new"
  [[ $round == 1 ]] && /tmp/tload.sh $BASE $D/dataset.nt "r$round base"
  [[ $round != 3 ]] && /tmp/tload.sh $BASE $D/dataset.ttl.gz "r$round base"
  [[ $round != 3 ]] && /tmp/tload.sh $NEW  $D/dataset.ttl.gz "r$round new"
done
