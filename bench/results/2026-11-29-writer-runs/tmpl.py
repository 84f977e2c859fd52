#!/usr/bin/env python3
"""tmpl.py URL KIND(q11|q9) IRIS_FILE N NEWCONN(0|1): mean/median ms of N queries of one BSBM-like template, GET like the driver."""
import http.client, sys, time, urllib.parse, statistics, random
url, kind, f, n, newconn = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == '1'
u = urllib.parse.urlparse(url)
iris = [l.strip() for l in open(f) if l.strip()]
random.seed(7)
Q = {
 'q11': "SELECT ?property ?hasValue ?isValueOf WHERE { { %s ?property ?hasValue } UNION { ?isValueOf ?property %s } }",
 'q9': "PREFIX rev: <http://purl.org/stuff/rev#> DESCRIBE ?x WHERE { %s rev:reviewer ?x }",
}
conn = None
ts = []
for i in range(n):
    iri = random.choice(iris)
    q = Q[kind] % ((iri, iri) if kind == 'q11' else (iri,))
    path = u.path + '?' + urllib.parse.urlencode({'query': q})
    if conn is None or newconn:
        if conn: conn.close()
        conn = http.client.HTTPConnection(u.hostname, u.port)
    t = time.perf_counter()
    conn.request('GET', path, headers={'Accept': 'application/sparql-results+xml' if kind == 'q11' else 'application/rdf+xml'})
    r = conn.getresponse(); body = r.read()
    ts.append((time.perf_counter() - t) * 1000)
    assert r.status == 200, (r.status, body[:200])
ts = ts[n // 4:]
print(f"{kind} newconn={int(newconn)} mean {statistics.mean(ts):.3f} median {statistics.median(ts):.3f} ms")
