import sys,statistics,collections
rows=collections.defaultdict(list)
for line in open(sys.argv[1]):
    f=line.rstrip('\n').split('\t')
    tag=f[0]; secs=float(f[2]); cpu=float(f[3].split('=')[1]); rss=int(f[4]); cnt=f[5]
    jar,fil=tag.split('-',1)
    rows[(fil,jar)].append((secs,cpu,rss,cnt))
def fmt(v): return f"{statistics.median(v):.1f} ({min(v):.1f}-{max(v):.1f})"
def fmti(v): return f"{int(statistics.median(v)):,} ({min(v):,}-{max(v):,})"
print("| file | jar | runs | wall s, median (range) | CPU s, median (range) | peak RSS MB, median (range) | quads loaded |")
print("|---|---|---:|---:|---:|---:|---:|")
for fil in ['ttl','ttl.gz','nt.bz2','nt']:
    for jar in ['base','new']:
        r=rows.get((fil,jar))
        if not r: continue
        print(f"| .{fil} | {jar} | {len(r)} | {fmt([x[0] for x in r])} | {fmt([x[1] for x in r])} | {fmti([x[2] for x in r])} | {','.join(sorted(set(x[3] for x in r)))} |")
