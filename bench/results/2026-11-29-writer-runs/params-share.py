import sys,collections
for f in sys.argv[2:]:
    tot=0; io=0; hit=collections.Counter()
    pats=sys.argv[1].split(',')
    for line in open(f):
        stack,n=line.rsplit(' ',1); n=int(n); tot+=n
        if 'quarry-io' not in stack.split(';',1)[0]: continue
        io+=n
        for p in pats:
            if p in stack: hit[p]+=n
    print(f, 'all', tot, 'io', io, ' '.join(f"{p}={hit[p]} ({100*hit[p]/io:.1f}%)" for p in pats))
