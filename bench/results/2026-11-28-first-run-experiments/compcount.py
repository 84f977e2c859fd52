import re,sys,collections
lines=open(sys.argv[1],errors='replace').read().split('\n')
phase='warm'; maxid=0; c=collections.Counter(); ne=collections.Counter()
for l in lines:
    if 'QuarryServer: serving' in l: phase='run'
    m=re.search(r'access: id=(\d+)',l)
    if m: maxid=int(m.group(1)); continue
    if phase!='warm' and re.match(r'^\s*\d+\s+\d+\s',l):
        b='r1-driverwarm' if maxid<=1250 else 'r1-measured' if maxid<=6250 else 'r2'
        c[b]+=1
        if 'made not entrant: uncommon' in l: ne[b]+=1
print(sys.argv[1], 'compilations', dict(c), 'uncommon-trap deopts', dict(ne))
