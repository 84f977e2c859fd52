import re,sys,collections
lines=open(sys.argv[1]).read().splitlines()
idx=[i for i,l in enumerate(lines) if 'warm-up:' in l][0]
after=lines[idx:]
lv=collections.Counter(); ne=0
for l in after:
    m=re.match(r'\s*\d+\s+\d+\s+[%sbn!]*\s*(\d)\s+(\S+)',l)
    if not m: continue
    if 'made not entrant' in l: ne+=1
    else: lv[m.group(1)]+=1
print(sys.argv[1], 'compiles', sum(lv.values()), dict(lv), 'not entrant', ne)
