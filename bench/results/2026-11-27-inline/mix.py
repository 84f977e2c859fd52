import http.client, urllib.parse, sys, time, random, os
# mix.py PORT SECONDS TEMPLATE... : cycles templates with fresh constants; prints us/query per template
port=int(sys.argv[1]); secs=float(sys.argv[2]); names=sys.argv[3:]
L=os.environ.get('TERMS', '/work/scratch/lat/')  # offers.txt, reviews.txt: one IRI a line, from the store
offers=[l.strip() for l in open(L+'offers.txt') if l.strip()]
reviews=[l.strip() for l in open(L+'reviews.txt') if l.strip()]
T={
 'q9':("PREFIX rev: <http://purl.org/stuff/rev#>\nDESCRIBE ?x\nWHERE { %R rev:reviewer ?x }", reviews, 'text/turtle'),
 'q11':("SELECT ?property ?hasValue ?isValueOf\nWHERE {\n  { %R ?property ?hasValue }\n  UNION\n  { ?isValueOf ?property %R }\n}", offers, 'application/sparql-results+xml'),
 'q12':(open(os.environ.get('Q12', '/tmp/bq/queries/explore/query12.txt')).read().replace('%OfferXYZ%','%R'), offers, 'application/rdf+xml'),
 'ask':("ASK {}", [''], 'application/sparql-results+xml'),
}
c=http.client.HTTPConnection("127.0.0.1",port)
tot={n:[0,0.0] for n in names}
end=time.time()+secs; i=0
while time.time()<end:
    n=names[i%len(names)]; tpl,vals,acc=T[n]; v=vals[random.randrange(len(vals))]
    q=tpl.replace('%R','<'+v+'>')
    b=urllib.parse.urlencode({"query":q}); h={"Content-Type":"application/x-www-form-urlencoded","Accept":acc}
    t=time.perf_counter(); c.request("POST","/sparql",b,h); r=c.getresponse(); d=r.read()
    if r.status!=200: print(n,r.status,d[:300]); sys.exit(1)
    tot[n][0]+=1; tot[n][1]+=time.perf_counter()-t; i+=1
print(" ".join("%s %.1f us (%d)"%(n,v[1]/v[0]*1e6,v[0]) for n,v in tot.items()))
