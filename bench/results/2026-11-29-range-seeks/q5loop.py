import http.client, sys, time, urllib.parse, random
tmpl = open('/work/scratch/bsbm-work/driver/queries/explore/query5.txt').read()
prods = [l.strip() for l in open('/work/scratch/prods.txt') if l.strip() and not l.startswith('p')]
conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
h = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/sparql-results+xml"}
n = int(sys.argv[2]); t = []; rnd = random.Random(1)
end = time.time() + float(sys.argv[3]) if len(sys.argv) > 3 else None
i = 0
while (end and time.time() < end) or (not end and i < n):
    p = rnd.choice(prods); i += 1
    body = urllib.parse.urlencode({"query": tmpl.replace('%ProductXYZ%', '<' + p + '>')})
    s = time.perf_counter(); conn.request("POST", "/sparql", body, h); r = conn.getresponse(); r.read(); t.append(time.perf_counter() - s)
t = sorted(t[len(t)//4:]); print("n", i, "median ms", round(t[len(t)//2]*1000, 3), "mean", round(sum(t)/len(t)*1000, 3))
