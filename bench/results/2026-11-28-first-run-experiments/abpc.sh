#!/bin/bash
for i in 1 2 3; do for v in head wq2; do
  SEEDS=808080 bash fresh.sh /work/scratch/s/$v.jar /work/scratch/s/q5m pc-$v-$i -XX:+PrintCompilation > out/pc-$v-$i.txt 2>&1
  python3 compcount.py out/pc-$v-$i.srv.log >> out/pc-$v-$i.txt
done; done
