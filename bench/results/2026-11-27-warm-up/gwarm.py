import http.client, urllib.parse, sys, time, json, random
# gwarm.py PORT SECONDS: generic warm-up: samples terms with cheap queries, then cycles bounded query shapes
port=int(sys.argv[1]); secs=float(sys.argv[2])
c=http.client.HTTPConnection("127.0.0.1",port)
def q(text, accept="application/sparql-results+json"):
    c.request("POST","/sparql",urllib.parse.urlencode({"query":text}),{"Content-Type":"application/x-www-form-urlencoded","Accept":accept})
    r=c.getresponse(); d=r.read()
    if r.status!=200: raise SystemExit("%d %s %s"%(r.status,text,d[:200]))
    return json.loads(d) if accept.endswith("json") else d
def term(b):
    if b["type"]=="uri": return "<%s>"%b["value"]
    if b["type"]=="literal":
        v=json.dumps(b["value"])
        if "datatype" in b: return "%s^^<%s>"%(v,b["datatype"])
        if "xml:lang" in b: return "%s@%s"%(v,b["xml:lang"])
        return v
    return None
preds=[term(b["p"]) for b in q("SELECT DISTINCT ?p WHERE { ?s ?p ?o } LIMIT 50")["results"]["bindings"]]
samples=[]
for p in preds:
    for b in q("SELECT ?s ?o WHERE { ?s %s ?o } LIMIT 20"%p)["results"]["bindings"]:
        s,o=term(b["s"]),term(b["o"])
        if s and o: samples.append((s,p,o,b["o"]))
random.seed(1)
fmts=["application/sparql-results+json","application/sparql-results+xml","text/csv","text/tab-separated-values"]
gfmts=["application/rdf+xml","text/turtle","application/n-triples"]
end=time.time()+secs; n=0
while time.time()<end:
    s,p,o,ob=random.choice(samples); s2,p2,o2,ob2=random.choice(samples)
    f=random.choice(fmts); g=random.choice(gfmts)
    num = ob.get("datatype","").endswith(("integer","decimal","double","float","dateTime","date"))
    shapes=[
      "SELECT ?p ?o WHERE { %s ?p ?o }"%s,
      "SELECT ?s WHERE { ?s %s %s } LIMIT 50"%(p,o),
      "SELECT ?x ?y WHERE { %s %s ?x . ?x ?q ?y } LIMIT 30"%(s,p),
      "SELECT DISTINCT ?t WHERE { ?s %s %s . ?s a ?t } LIMIT 20"%(p,o),
      "SELECT ?s ?v WHERE { ?s %s ?v . OPTIONAL { ?s %s ?w } } LIMIT 25"%(p,p2),
      "SELECT * WHERE { { %s ?p ?o } UNION { ?x ?p %s } } LIMIT 40"%(s,s),
      "SELECT ?s ?v WHERE { ?s %s ?v } ORDER BY ?v LIMIT 10"%p,
      "SELECT ?p (COUNT(*) AS ?n) WHERE { %s ?p ?o } GROUP BY ?p"%s,
      "ASK { %s %s ?o }"%(s,p),
      "SELECT ?s WHERE { ?s %s ?v FILTER(?v %s %s) } LIMIT 20"%(p, random.choice(["<",">","<=",">=","="]), o) if num else
      "SELECT ?s ?v WHERE { ?s %s ?v FILTER(isLiteral(?v) && CONTAINS(STR(?v), %s)) } LIMIT 10"%(p, json.dumps(ob["value"][:3])),
      "SELECT ?s ?v WHERE { ?s %s ?v . FILTER NOT EXISTS { ?s %s ?w } } LIMIT 15"%(p,p2),
      "SELECT ?o (STR(?o) AS ?str) (LANG(?o) AS ?l) WHERE { %s ?p ?o } LIMIT 20"%s,
    ]
    for t in shapes: q(t, f); n+=1
    q("DESCRIBE %s"%s, g); q("CONSTRUCT { %s ?p ?o } WHERE { %s ?p ?o }"%(s,s), g); n+=2
print("warm-up queries", n, "samples", len(samples))
