#!/usr/bin/env python3
"""Latency floor of a SPARQL endpoint over one keep-alive HTTP connection (issue 9 item 2).

    latency.py URL [ROUNDS]

Asks three queries on BSBM data ROUNDS times each (default 2000; the first quarter is warm-up and
not counted) and prints one JSON object: per query the median and 90th percentile in ms and the
row count of the answer, so a lookup that finds nothing (wrong data) shows instead of looking fast.
The queries go as an HTML form POST asking for SPARQL XML results, like the BSBM test driver.
http.client from the standard library: nothing to install, and it keeps the connection open.
"""
import http.client
import json
import statistics
import sys
import time
import urllib.parse

PRODUCT = "<http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/dataFromProducer1/Product1>"
QUERIES = {
    "ask": "ASK {}",
    # One row: a product's label.
    "one_row": "SELECT ?label WHERE { %s <http://www.w3.org/2000/01/rdf-schema#label> ?label }" % PRODUCT,
    # About 40 rows: every property of the same product (38 at -pc 2785: features, type, ...).
    "forty_rows": "SELECT ?p ?o WHERE { %s ?p ?o }" % PRODUCT,
}


def rows_of(body: bytes) -> int:
    text = body.decode("utf-8")
    if "<boolean>" in text:
        return 1
    return text.count("<result>")


def measure(conn, path, query, rounds):
    body = urllib.parse.urlencode({"query": query})
    headers = {"Content-Type": "application/x-www-form-urlencoded",
               "Accept": "application/sparql-results+xml"}
    times, rows = [], 0
    for _ in range(rounds):
        start = time.perf_counter()
        conn.request("POST", path, body, headers)
        response = conn.getresponse()
        payload = response.read()
        times.append(time.perf_counter() - start)
        if response.status != 200:
            raise SystemExit("latency.py: HTTP %d for %s: %s" % (response.status, query, payload[:200]))
        rows = rows_of(payload)
    counted = sorted(times[rounds // 4:])
    return {"median_ms": round(statistics.median(counted) * 1000, 4),
            "p90_ms": round(counted[int(len(counted) * 0.9)] * 1000, 4),
            "rows": rows}


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: latency.py URL [ROUNDS]")
    url = urllib.parse.urlsplit(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    if rounds < 4:
        raise SystemExit("latency.py: ROUNDS must be at least 4")
    conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=60)
    result = {name: measure(conn, url.path, q, rounds) for name, q in QUERIES.items()}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
