import json,collections,sys
# jitsum.py JFR-JSON : C2 compile time per method (jdk.Compilation, printed with jfr print --json)
d=json.load(open(sys.argv[1]))
c=collections.defaultdict(list); lv=collections.Counter()
for e in d['recording']['events']:
    v=e['values']; m=v['method']; name=m['type']['name']+'.'+m['name']
    t=float(v['duration'][2:-1]); lv[v['compileLevel']]+=t
    if v['compileLevel']==4: c[name].append(t)
tot=sum(sum(x) for x in c.values()); rep=sum(sum(x[1:]) for x in c.values() if len(x)>1)
print('by level', {k:round(v,2) for k,v in lv.items()})
print('C2 total %.2f s, %d methods; in 2nd+ compiles %.2f s'%(tot,len(c),rep))
for n,x in sorted(c.items(), key=lambda kv:-sum(kv[1]))[:int(sys.argv[2]) if len(sys.argv)>2 else 12]: print('%.3f %d %s'%(sum(x),len(x),n[:110]))
