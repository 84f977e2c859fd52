#!/bin/bash
# ab.sh ROUNDS SECS PORT... : alternating mix.py rounds; prints per-port median per template
R=$1; S=$2; shift 2
for i in $(seq $R); do for p in "$@"; do echo "$p $(python3 "$(dirname "$0")/mix.py" $p $S q9 q11 q12 ask)"; done; done > /tmp/ab.out
python3 - <<'PY'
import collections,statistics,re
d=collections.defaultdict(lambda: collections.defaultdict(list))
for l in open('/tmp/ab.out'):
    p=l.split()[0]
    for n,v in re.findall(r'(\w+) ([\d.]+) us',l): d[p][n].append(float(v))
for p in d: print(p, " ".join("%s %.0f"%(n,statistics.median(v)) for n,v in d[p].items()))
PY
