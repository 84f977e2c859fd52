#!/usr/bin/env python3
"""Soak test: a real `quarry serve` process under mixed load for a fixed time.

Runs queries (lookups, joins, aggregates, a regex with a timeout), small updates,
graph store uploads and clients that disconnect mid-query, all at once, against a
store the caller provides (e.g. 5 M quads from BsbmGenerator, see README.md here).
Checks, and prints as one summary (also written as JSON next to the RSS samples):
  - the server never died and answers after the run;
  - resident memory (VmRSS) sampled every 10 s: first after warm-up, max and last;
  - every acknowledged write is in the store at the end (each INSERT answered 204 and
    each upload answered 2xx is counted back by a query);
  - no 5xx other than 503 (busy / timed out), and `quarry verify` is clean after a
    SIGTERM stop.
Standard library only (the machine that runs it needs a JDK and Python 3).
"""
import argparse
import http.client
import json
import os
import random
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.parse
from collections import Counter

BSBM = "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/"
QUERIES = [
    # lookup of one product's features
    "SELECT ?f { <http://www.dataFromProducer%d.com/Product%d> <" + BSBM + "productFeature> ?f }",
    # offers of a product with prices (join)
    "SELECT ?o ?price { ?o <" + BSBM + "product> <http://www.dataFromProducer%d.com/Product%d> ; <" + BSBM + "price> ?price } LIMIT 20",
    # aggregate over a predicate
    "SELECT ?f (COUNT(?p) AS ?n) { ?p <" + BSBM + "productFeature> ?f } GROUP BY ?f ORDER BY DESC(?n) LIMIT %d%d",
    # text filter
    "SELECT ?r { ?r <http://purl.org/dc/elements/1.1/title> ?t FILTER(CONTAINS(?t, \"good\")) } LIMIT %d%d",
]
HEAVY = "SELECT (COUNT(*) AS ?n) { ?s ?p ?o . ?s2 ?p ?o2 }"
REGEX = "SELECT ?x { BIND(\"" + "a" * 60 + "\" AS ?x) FILTER(REGEX(?x, \"(.*a){12}x\")) }"


class Soak:
    def __init__(self, port, seconds):
        self.port = port
        self.deadline = time.time() + seconds
        self.lock = threading.Lock()
        self.status = Counter()
        self.errors = Counter()
        self.inserted = []        # ids whose INSERT was acknowledged
        self.uploads = {}         # graph -> triples, acknowledged uploads
        self.failures = []

    def running(self):
        return time.time() < self.deadline

    def count(self, kind, code):
        with self.lock:
            self.status[(kind, code)] += 1

    def conn(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)

    def request(self, c, method, path, body=None, headers=None):
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        data = r.read()
        return r.status, data

    def loop(self, kind, step):
        c = self.conn()
        n = 0
        while self.running():
            try:
                code = step(c, n)
                self.count(kind, code)
                if code >= 500 and code != 503:
                    self.failures.append("%s: HTTP %d" % (kind, code))
            except (OSError, http.client.HTTPException) as e:
                with self.lock:
                    self.errors[(kind, type(e).__name__)] += 1
                c.close()
                c = self.conn()
                time.sleep(0.1)
            n += 1
        c.close()

    def query(self, c, n):
        q = random.choice(QUERIES) % (random.randrange(20), random.randrange(1000))
        code, _ = self.request(c, "POST", "/sparql?timeout=30", urllib.parse.urlencode({"query": q}),
                               {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/csv"})
        return code

    def regex(self, c, n):
        time.sleep(5)
        code, _ = self.request(c, "POST", "/sparql?timeout=1", urllib.parse.urlencode({"query": REGEX}),
                               {"Content-Type": "application/x-www-form-urlencoded"})
        return code

    def update(self, c, n):
        i = "%d-%d" % (os.getpid(), n)
        u = "INSERT DATA { <urn:soak:s%s> <urn:soak:p> \"%s\" }" % (i, i)
        code, _ = self.request(c, "POST", "/sparql", urllib.parse.urlencode({"update": u}),
                               {"Content-Type": "application/x-www-form-urlencoded"})
        if code == 204:
            with self.lock:
                self.inserted.append(i)
        time.sleep(0.05)
        return code

    def upload(self, c, n):
        time.sleep(5)
        g = "urn:soak:upload:%d" % n
        triples = 20000 + random.randrange(20000)
        body = "".join("<urn:soak:u%d> <urn:soak:v> \"%d %s\" .\n" % (k, k, "x" * 40) for k in range(triples)).encode()
        code, _ = self.request(c, "POST", "/data?graph=" + urllib.parse.quote(g, safe=""), body,
                               {"Content-Type": "application/n-triples"})
        if 200 <= code < 300:
            with self.lock:
                self.uploads[g] = triples
        return code

    def disconnect(self, c, n):
        # Every other client resets (as a killed client does: the server cancels the query);
        # the others close normally, which the server cannot tell from a half-close that
        # still wants its answer, so their query runs to its (short) timeout.
        reset = n % 2 == 0
        s = socket.create_connection(("127.0.0.1", self.port))
        q = urllib.parse.urlencode({"query": random.choice([HEAVY, REGEX])})
        s.sendall(("POST /sparql%s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                   "Content-Length: %d\r\n\r\n%s" % ("" if reset else "?timeout=5", len(q), q)).encode())
        time.sleep(random.uniform(0.05, 1.0))
        if reset:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()
        time.sleep(0.5)
        return 0  # no answer expected


def rss_kib(pid, field="VmRSS"):
    """A memory figure of /proc/PID/status in KiB: VmRSS, or its parts RssAnon (malloc'd,
    heap) and RssFile (mapped files: the jar, libraries)."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return -1


def rocks_memory_mib(port):
    """The store's RocksDB memory gauges from /metrics (part -> MiB) and its quad count."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    parts, quads = {}, -1
    for line in text.splitlines():
        if line.startswith("quarry_rocksdb_memory_bytes{"):
            part = line.split('part="', 1)[1].split('"', 1)[0]
            parts[part] = float(line.rsplit(" ", 1)[1]) / 2**20
        elif line.startswith("quarry_store_quads "):
            quads = int(float(line.rsplit(" ", 1)[1]))
    return parts, quads


def jcmd(java, pid, *command):
    jcmd_bin = os.path.join(os.path.dirname(java), "jcmd")
    return subprocess.run([jcmd_bin, str(pid)] + list(command), capture_output=True, text=True, timeout=120).stdout


def mib(text):
    """'123456KB' or '1234K' (jcmd's units) as MiB."""
    t = text.strip().rstrip("B")
    scale = {"K": 1 / 1024, "M": 1, "G": 1024}.get(t[-1:], None)
    return float(t[:-1]) * scale if scale else float(t) / 2**20


def jvm_sample(java, pid, nmt):
    """Java heap used after a full GC (MiB) and, with NMT on, the JVM's committed native
    memory (MiB, total and by category): what the JVM itself accounts for, so that
    RSS minus this is memory malloc'd outside the JVM (RocksDB, glibc arenas)."""
    jcmd(java, pid, "GC.run")
    out = {}
    for line in jcmd(java, pid, "GC.heap_info").splitlines():
        if " used " in line and ("heap" in line.lower()):
            out["heap_after_gc_mib"] = round(mib(line.split(" used ", 1)[1].split(" ", 1)[0].rstrip(",")), 1)
            break
    if nmt:
        for line in jcmd(java, pid, "VM.native_memory", "summary").splitlines():
            line = line.strip()
            if line.startswith("Total:") or (line.startswith("-") and "(reserved=" in line):
                name = "total" if line.startswith("Total:") else line.lstrip("- ").split("(", 1)[0].strip()
                committed = line.split("committed=", 1)[1].split(")", 1)[0].split(",", 1)[0]
                out["nmt_" + name.lower().replace(" ", "_") + "_mib"] = round(mib(committed), 1)
    return out


def scalar(port, q):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    c.request("POST", "/sparql", urllib.parse.urlencode({"query": q}),
              {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/csv"})
    r = c.getresponse()
    body = r.read().decode()
    if r.status != 200:
        raise RuntimeError("check query failed: %d %s" % (r.status, body[:200]))
    return int(body.splitlines()[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jar", required=True)
    ap.add_argument("--store", required=True, help="a store directory (it is written to: use a copy)")
    ap.add_argument("--port", type=int, default=7990)
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--warmup-minutes", type=float, default=5)
    ap.add_argument("--out", default="soak-result", help="prefix of the output files (.rss.csv, .json)")
    ap.add_argument("--java", default=os.path.join(os.environ.get("JAVA_HOME", "/usr"), "bin", "java"))
    ap.add_argument("--jvm-opt", action="append", default=[], help="a JVM option for the server, e.g. -Xmx1g (repeatable)")
    ap.add_argument("--serve-opt", action="append", default=[], help="an option for quarry serve, e.g. --cache-size=512m (repeatable)")
    ap.add_argument("--jvm-every", type=float, default=0,
                    help="every this many seconds, force a full GC and record the heap after it and, if the JVM "
                         "runs with -XX:NativeMemoryTracking=summary, its NMT totals (PREFIX.jvm.jsonl); 0: never")
    a = ap.parse_args()

    log = open(a.out + ".server.log", "w")
    server = subprocess.Popen([a.java] + a.jvm_opt + ["-jar", a.jar, "serve", "--store", a.store, "--port", str(a.port),
                               "--shutdown-grace", "10"] + a.serve_opt, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(600):
        if server.poll() is not None:
            sys.exit("soak: the server exited with %d at start (see %s.server.log)" % (server.returncode, a.out))
        try:
            scalar(a.port, "SELECT (1 AS ?one) {}")
            break
        except OSError:
            time.sleep(0.2)
    start = time.time()
    soak = Soak(a.port, a.minutes * 60)
    threads = [threading.Thread(target=soak.loop, args=(k, f), daemon=True) for k, f in
               [("query", soak.query), ("query", soak.query), ("query", soak.query), ("regex", soak.regex),
                ("update", soak.update), ("upload", soak.upload), ("disconnect", soak.disconnect)]]
    for t in threads:
        t.start()
    samples = []
    nmt = any(o.startswith("-XX:NativeMemoryTracking=") and not o.endswith("=off") for o in a.jvm_opt)
    next_jvm = time.time()
    jvm_log = open(a.out + ".jvm.jsonl", "w") if a.jvm_every > 0 else None
    with open(a.out + ".rss.csv", "w") as csv:
        csv.write("seconds,rss_mib,rss_anon_mib,load1,quads,block_cache_mib,block_cache_pinned_mib,memtables_mib,table_readers_mib\n")
        while soak.running():
            if server.poll() is not None:
                soak.failures.append("server exited with %s during the run" % server.returncode)
                break
            rss = rss_kib(server.pid) / 1024
            t = time.time() - start
            samples.append((t, rss))
            try:
                parts, quads = rocks_memory_mib(a.port)
            except (OSError, http.client.HTTPException):
                parts, quads = {}, -1
            csv.write("%.0f,%.1f,%.1f,%.2f,%d,%s\n" % (t, rss, rss_kib(server.pid, "RssAnon") / 1024, os.getloadavg()[0], quads, ",".join(
                "%.1f" % parts.get(p, -1) for p in ("block_cache", "block_cache_pinned", "memtables", "table_readers"))))
            csv.flush()
            if jvm_log and time.time() >= next_jvm:
                next_jvm = time.time() + a.jvm_every
                row = {"seconds": round(t), "rss_mib": round(rss_kib(server.pid) / 1024, 1)}
                row.update(jvm_sample(a.java, server.pid, nmt))
                jvm_log.write(json.dumps(row) + "\n")
                jvm_log.flush()
            time.sleep(10)
    for t in threads:
        t.join(150)
    alive = server.poll() is None
    result = {"minutes": a.minutes, "server_alive_after": alive}
    if alive:
        ids = list(soak.inserted)
        present = scalar(a.port, "SELECT (COUNT(DISTINCT ?s) AS ?n) { ?s <urn:soak:p> ?o }")
        result["acknowledged_inserts"] = len(ids)
        result["inserts_in_store"] = present
        lost_uploads = {}
        for g, n in soak.uploads.items():
            got = scalar(a.port, "SELECT (COUNT(*) AS ?n) { GRAPH <%s> { ?s ?p ?o } }" % g)
            if got != n:
                lost_uploads[g] = (n, got)
        result["acknowledged_uploads"] = len(soak.uploads)
        result["uploads_incomplete"] = lost_uploads
        if present != len(ids):
            soak.failures.append("acknowledged inserts %d, in the store %d" % (len(ids), present))
        if lost_uploads:
            soak.failures.append("uploads incomplete: %s" % lost_uploads)
        server.send_signal(signal.SIGTERM)
    try:
        server.wait(120)
    except subprocess.TimeoutExpired:
        soak.failures.append("server did not stop within 120 s of SIGTERM")
        server.kill()
    verify = subprocess.run([a.java, "-jar", a.jar, "verify", "--store", a.store], capture_output=True, text=True)
    result["verify_exit"] = verify.returncode
    if verify.returncode != 0:
        soak.failures.append("quarry verify failed: " + verify.stdout[-500:] + verify.stderr[-500:])
    warm = [m for t, m in samples if t >= a.warmup_minutes * 60]
    if warm:
        result["rss_mib_after_warmup_first"] = round(warm[0], 1)
        result["rss_mib_after_warmup_max"] = round(max(warm), 1)
        result["rss_mib_last"] = round(warm[-1], 1)
    result["responses"] = {"%s %d" % k: v for k, v in sorted(soak.status.items())}
    result["client_errors"] = {"%s %s" % k: v for k, v in sorted(soak.errors.items())}
    result["failures"] = soak.failures
    with open(a.out + ".json", "w") as f:
        json.dump(result, f, indent=2)
    print(json.dumps(result, indent=2))
    sys.exit(1 if soak.failures or not alive else 0)


if __name__ == "__main__":
    main()
