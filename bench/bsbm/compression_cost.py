#!/usr/bin/env python3
"""What response compression costs the server, on BSBM data (issue 14 item 3; docs/operations.md).

    compression_cost.py URL PID [ROUNDS]

URL is the SPARQL endpoint of a `quarry serve` on a BSBM store (e.g. -pc 2785, "1m") with
compression on, PID its process id (Linux: its CPU time is read from /proc/PID/stat). For each of
three queries (one row, ~40 rows, 500 rows) and each Accept-Encoding (none, gzip, zstd), sends
ROUNDS requests (default 1000) as a form POST asking for SPARQL XML, on one keep-alive connection,
and prints the server's CPU milliseconds per request and the body bytes on the wire. The encodings
are interleaved in blocks of 50 so that the machine's drift hits all three alike. The official BSBM
driver cannot show this: it sends no Accept-Encoding.
"""
import http.client, os, sys, time, urllib.parse
url, pid = sys.argv[1], int(sys.argv[2])
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
u = urllib.parse.urlparse(url)
tick = os.sysconf("SC_CLK_TCK")
P = "<http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/dataFromProducer1/Product1>"
RDFS = "<http://www.w3.org/2000/01/rdf-schema#label>"
QUERIES = {
    "one_row": "SELECT ?label WHERE { %s %s ?label }" % (P, RDFS),
    "forty_rows": "SELECT ?p ?o WHERE { %s ?p ?o }" % P,
    "500_rows": "SELECT ?s ?label WHERE { ?s %s ?label } LIMIT 500" % RDFS,
}
def cpu():
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / tick  # utime, stime (fields 14, 15)
conn = http.client.HTTPConnection(u.hostname, u.port)
def ask(q, enc):
    h = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/sparql-results+xml"}
    if enc != "none":
        h["Accept-Encoding"] = enc
    conn.request("POST", u.path, urllib.parse.urlencode({"query": q}), h)
    r = conn.getresponse(); b = r.read()
    assert r.status == 200, r.status
    return len(b), r.getheader("Content-Encoding") or "none"
encs = ["none", "gzip", "zstd"]
print("query\tencoding\tserver_cpu_ms_per_request\twire_bytes\tcontent_encoding")
for name, q in QUERIES.items():
    for e in encs:
        for _ in range(100): ask(q, e)  # warm-up
    spent = {e: 0.0 for e in encs}; size = {}; got = {}
    for block in range(rounds // 50):
        for e in encs:
            c0 = cpu()
            for _ in range(50): size[e], got[e] = ask(q, e)
            spent[e] += cpu() - c0
    for e in encs:
        print("%s\t%s\t%.3f\t%d\t%s" % (name, e, 1000 * spent[e] / (rounds // 50 * 50), size[e], got[e]))
