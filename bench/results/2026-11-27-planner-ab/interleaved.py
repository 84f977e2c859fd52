#!/usr/bin/env python3
"""Interleaved A/B of one query template against several SPARQL endpoints.

    interleaved.py ROUNDS TEMPLATE VALUES PLACEHOLDER URL...

Each round fills PLACEHOLDER in TEMPLATE with the next IRI of VALUES (one per line) and asks
every URL in turn over its own keep-alive connection (HTML form POST, SPARQL XML results or
RDF/XML, like the BSBM driver), so a change in the machine's speed hits every server alike.
Prints the median and mean ms per URL over the last three quarters of the rounds.
"""
import http.client
import statistics
import sys
import time
import urllib.parse

rounds = int(sys.argv[1])
template = open(sys.argv[2]).read()
values = [line.strip() for line in open(sys.argv[3]) if line.strip()]
placeholder = sys.argv[4]
urls = [urllib.parse.urlsplit(u) for u in sys.argv[5:]]
conns = [http.client.HTTPConnection(u.hostname, u.port) for u in urls]
times = [[] for _ in urls]
for i in range(rounds):
    query = template.replace(placeholder, "<" + values[i % len(values)] + ">")
    accept = "application/sparql-results+xml" if "SELECT" in query or "ASK" in query else "application/rdf+xml"
    body = urllib.parse.urlencode({"query": query})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Accept": accept}
    for k, (u, c) in enumerate(zip(urls, conns)):
        start = time.perf_counter()
        c.request("POST", u.path, body, headers)
        r = c.getresponse()
        payload = r.read()
        if r.status != 200:
            raise SystemExit("%s: HTTP %d: %s" % (u.geturl(), r.status, payload[:200]))
        if i >= rounds // 4:
            times[k].append((time.perf_counter() - start) * 1000)
print(sys.argv[2].split("/")[-1], " | ".join("%s median %.3f mean %.3f ms" % (u.netloc, statistics.median(t), statistics.mean(t))
                                          for u, t in zip(urls, times)))
