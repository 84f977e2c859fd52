import json,sys,collections
d=json.load(sys.stdin)
agg=collections.defaultdict(lambda:[0,0])
for e in d['recording']['events']:
    v=e['values']; sz=v['allocationSize']
    if sz < (1<<20): continue
    fr=[f for f in v['stackTrace']['frames'] if 'dev.quarry' in f['method']['type']['name']][:2]
    key=' < '.join(f['method']['type']['name'].split('.')[-1]+'.'+f['method']['name']+':'+str(f['lineNumber']) for f in fr) or str([f['method']['type']['name']+'.'+f['method']['name'] for f in v['stackTrace']['frames'][:3]])
    agg[key][0]+=1; agg[key][1]+=sz
for k,(n,b) in sorted(agg.items(), key=lambda x:-x[1][1])[:15]:
    print(f"{n:6d} {b/2**20:9.0f} MB  {k}")
