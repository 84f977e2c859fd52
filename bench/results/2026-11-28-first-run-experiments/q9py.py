# q9py.py PORT PATH: BSBM Q9 (DESCRIBE of a review's reviewer) as the official driver sends it
# (GET, its headers, a new connection each), 4,000 times over random reviews, the first 1,000
# not counted. reviews.txt, one review IRI a line, made with:
#   curl -s -H "Accept: text/csv" --data-urlencode "query=SELECT ?r WHERE { ?r <http://purl.org/stuff/rev#reviewer> ?x } LIMIT 3000 OFFSET 20000" \
#     http://127.0.0.1:PORT/sparql | tail -n +2 | tr -d '\r' > reviews.txt
import http.client, urllib.parse, time, sys, random
port=int(sys.argv[1]); path=sys.argv[2]; revs=[l.strip() for l in open('reviews.txt') if l.strip()]
random.seed(1); ts=[]
for i in range(4000):
    r=random.choice(revs)
    q="PREFIX rev: <http://purl.org/stuff/rev#>\n\nDESCRIBE ?x\nWHERE { <%s> rev:reviewer ?x }\n"%r
    t=time.perf_counter()
    c=http.client.HTTPConnection('127.0.0.1',port)
    c.request("GET",path+"?"+urllib.parse.urlencode({"query":q}),headers={"Accept":"application/rdf+xml","Cache-Control":"no-cache","Pragma":"no-cache","User-Agent":"Java/25.0.3","Connection":"keep-alive"})
    resp=c.getresponse(); b=resp.read(); c.close()
    if i>=1000: ts.append((time.perf_counter()-t)*1000)
ts.sort(); n=len(ts)
print('median %.3f p90 %.3f p99 %.3f mean %.3f bytes %d'%(ts[n//2],ts[int(.9*n)],ts[int(.99*n)],sum(ts)/n,len(b)))
