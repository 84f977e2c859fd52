#!/bin/bash
# variants.sh JAR STORE... : per store a fresh server; small mix with new seeds 1234, 5678, then 1234 again
cd /work/scratch/drv
J=$1; shift
for st in "$@"; do
  ./serve.sh $J /work/scratch/s/$st 7801 /work/scratch/s/v.log > /dev/null
  until grep -q "warm-up:" /work/scratch/s/v.log; do sleep 1; done; sleep 1
  for s in 1234 5678 1234; do
    echo "$st seed $s: $(SEED=$s RUNS=60 W=5 ./run.sh 7801 small out/v-$st-$s.xml | grep '^Q' | awk '{printf "%s %s  ", $1, $4}')"
  done
  kill $(cat /work/scratch/s/v.log.pid); sleep 2
done
