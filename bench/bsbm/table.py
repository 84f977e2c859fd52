#!/usr/bin/env python3
"""Tables (markdown) from the files queries.sh and loads.sh leave in a results directory.

    table.py queries DIR    # driver XML, qualification, latency floor, per server column
    table.py loads DIR      # loads.tsv

Ratios are Quarry's speed relative to a peer, so that above 1 always means Quarry is faster:
QMpH_quarry / QMpH_peer, ms_peer / ms_quarry, seconds_peer / seconds_quarry.
"""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET


def read(path, default=None):
    try:
        with open(path) as f:
            return f.read().strip()
    except FileNotFoundError:
        return default


def driver_result(path):
    """(QMpH, {template: average ms}) of one official driver XML, or None if there is none."""
    if not os.path.exists(path):
        return None
    root = ET.parse(path).getroot()
    qmph = float(root.findtext("querymix/qmph"))
    times = {}
    for q in root.findall("queries/query"):
        count = int(q.findtext("executecount") or 0)
        if count > 0:
            times[int(q.get("nr"))] = float(q.findtext("aqet")) * 1000
    return qmph, times


def ratio(x):
    return "%.2fx" % x if x is not None else "-"


def fmt_ms(ms):
    return "%.2f" % ms if ms >= 1 else "%.3f" % ms


def columns(d):
    return [line.split("=", 1)[0] for line in read(os.path.join(d, "columns.txt"), "").splitlines() if line]


def is_quarry(name):
    return name == "quarry" or name.startswith("quarry-")


def queries_table(d):
    names = columns(d)
    out = []
    run = read(os.path.join(d, "run.txt"), "")
    out.append("### Official BSBM, explore use case")
    out.append("")
    out.extend("    " + line for line in run.splitlines())
    out.append("")
    loads = []
    for n in names:
        status = read(os.path.join(d, n + "-load.status"), "not run")
        loads.append("%s: loaded %s triples in %s s (%s)" % (
            n, read(os.path.join(d, n + "-count.txt"), "?"),
            read(os.path.join(d, n + "-load-seconds.txt"), "?"), status))
    out.extend("- " + line for line in loads)
    out.append("")

    client_counts = sorted({int(m.group(1)) for f in os.listdir(d)
                            for m in [re.match(r".*-mt(\d+)\.status$", f)] if m})
    for mt in client_counts:
        results = {n: driver_result(os.path.join(d, "%s-mt%d.xml" % (n, mt))) for n in names}
        templates = sorted({t for r in results.values() if r for t in r[1]})
        out.append("#### %d client%s (average ms per template; load average before: %s)" % (
            mt, "" if mt == 1 else "s",
            ", ".join("%s %s" % (n, read(os.path.join(d, "%s-mt%d-loadavg.txt" % (n, mt)), "?")) for n in names)))
        out.append("")
        out.append("| server | QMpH | " + " | ".join("Q%d" % t for t in templates) + " | driver |")
        out.append("|---|---:|" + "---:|" * len(templates) + "---|")
        for n in names:
            r = results[n]
            status = read(os.path.join(d, "%s-mt%d.status" % (n, mt)), "not run")
            if r:
                cells = ["%.0f" % r[0]] + [fmt_ms(r[1][t]) if t in r[1] else "-" for t in templates]
            else:
                cells = ["-"] * (len(templates) + 1)
            out.append("| %s | %s | %s |" % (n, " | ".join(cells), status))
        for q in filter(is_quarry, names):
            for p in names:
                if p == q or not results[q] or not results[p]:
                    continue
                rq, rp = results[q], results[p]
                cells = [ratio(rq[0] / rp[0])]
                for t in templates:
                    a, b = rq[1].get(t), rp[1].get(t)
                    cells.append(ratio(b / a) if a and b else "-")
                out.append("| %s vs %s | %s | |" % (q, p, " | ".join(cells)))
        out.append("")
    if any(is_quarry(n) for n in names) and len(names) > 1:
        out.append("Ratios: Quarry's speed relative to the peer (QMpH_quarry / QMpH_peer, "
                   "ms_peer / ms_quarry); above 1 Quarry is faster.")
        out.append("")

    quals = sorted(f for f in os.listdir(d) if f.startswith("qual-") and f.endswith(".txt"))
    if quals:
        out.append("#### Qualification (driver -q, compared with benchmark.qualification.Qualification)")
        out.append("")
        out.append("Differing answers per template (of the executions compared):")
        out.append("")
        per_pair = {}
        templates = set()
        for f in quals:
            text = read(os.path.join(d, f))
            counts = {}
            for m in re.finditer(r"Query (\d+): correct/total executions: (\d+)/(\d+)", text):
                counts[int(m.group(1))] = (int(m.group(3)) - int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"Query (\d+):Query was not executed or ignored", text):
                counts[int(m.group(1))] = None
            per_pair[f[len("qual-"):-len(".txt")]] = counts
            templates |= set(counts)
        templates = sorted(templates)
        out.append("| answers | " + " | ".join("Q%d" % t for t in templates) + " |")
        out.append("|---|" + "---:|" * len(templates))
        for pair, counts in per_pair.items():
            cells = []
            for t in templates:
                c = counts.get(t)
                cells.append("%d/%d" % c if c else "not compared")
            out.append("| %s | %s |" % (pair.replace("-vs-", " vs "), " | ".join(cells)))
        out.append("")

    lat = {n: json.loads(read(os.path.join(d, n + "-latency.json"), "null") or "null") for n in names}
    if any(lat.values()):
        out.append("#### Latency floor (latency.py: one keep-alive connection, median / p90 ms, rows)")
        out.append("")
        out.append("| server | ASK {} | one-row lookup | 40-row lookup |")
        out.append("|---|---:|---:|---:|")
        for n in names:
            if lat[n]:
                out.append("| %s | %s |" % (n, " | ".join(
                    "%.3f / %.3f (%d)" % (lat[n][k]["median_ms"], lat[n][k]["p90_ms"], lat[n][k]["rows"])
                    for k in ("ask", "one_row", "forty_rows"))))
        out.append("")
    return "\n".join(out)


def loads_table(d):
    lines = read(os.path.join(d, "loads.tsv"), "").splitlines()
    if not lines:
        raise SystemExit("table.py: no loads.tsv in " + d)
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
    out = ["### Loads: official BSBM data, fresh store each", ""]
    out.extend("    " + line for line in read(os.path.join(d, "run.txt"), "").splitlines())
    out.append("")
    out.append("| file | loader | seconds | triples/s | peak RSS MB | store MB | count | check | "
               "x vs Oxigraph (time) | load avg before |")
    out.append("|---|---|---:|---:|---:|---:|---:|---|---:|---|")
    oxigraph = {r["file"]: r for r in rows if r["loader"] == "oxigraph" and r["status"] == "ok"}
    for r in rows:
        x = "-"
        peer = oxigraph.get(r["file"])
        if is_quarry(r["loader"]) and peer and r["status"] == "ok":
            x = ratio(float(peer["seconds"]) / float(r["seconds"]))
        tps = "%.0f" % (int(r["count"]) / float(r["seconds"])) if r["status"] == "ok" else "-"
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["file"], r["loader"], r["seconds"], tps,
            "%.0f" % (int(r["peak_rss_kb"]) / 1024) if r["peak_rss_kb"].isdigit() else "-",
            "%.0f" % (int(r["store_bytes"]) / 1048576) if r["store_bytes"].isdigit() else "-",
            r["count"], r["status"], x, r["load_avg"]))
    out.append("")
    out.append("x vs Oxigraph: Oxigraph's seconds / Quarry's on the same file (above 1 Quarry is faster).")
    timelines = [f for f in sorted(os.listdir(d)) if f.endswith("-timeline.tsv")]
    if timelines:
        out.append("")
        out.append("#### Quarry's phases (from `quarry load --timeline`)")
        out.append("")
        out.append("The timeline has three phases: reading (read + decompress + parse + encode, "
                   "overlapped), merging (sort + SST write), committing (ingest). It has no "
                   "separate figures for parse, encode, sort or SST write.")
        out.append("")
        out.append("| load | reading s | input MB/s | triples/s | merging s | committing s | total s |")
        out.append("|---|---:|---:|---:|---:|---:|---:|")
        for f in timelines:
            out.append(timeline_row(f[:-len("-timeline.tsv")], os.path.join(d, f)))
    reports = [f for f in sorted(os.listdir(d)) if f.endswith("-report.json")]
    staged = [(f[:-len("-report.json")], json.loads(read(os.path.join(d, f)))) for f in reports]
    staged = [(name, r) for name, r in staged if "stages" in r]
    if staged:
        out.append("")
        out.append("#### Quarry's stages (from `quarry load --report`)")
        out.append("")
        out.append("Busy seconds per stage summed over the stage's threads (the stages overlap in "
                   "time, on every core), and the triples one thread of that stage gets through "
                   "per second: the stage with the lowest rate is the next bottleneck. Parse and "
                   "encode are one pass (the parser calls the encoder per term); RIOT formats read "
                   "inside parse.")
        out.append("")
        out.append("| load | " + " | ".join("%s s, triples/s" % k for k in STAGES) + " |")
        out.append("|---|" + "---:|" * len(STAGES))
        for name, r in staged:
            cells = []
            for k in STAGES:
                st = r["stages"].get(k, {})
                cells.append("%.1f, %s" % (float(st.get("threadSeconds", 0)),
                                           "{:,}".format(st.get("quadsPerThreadSecond", 0))))
            out.append("| %s | %s |" % (name, " | ".join(cells)))
    out.append("")
    return "\n".join(out)


STAGES = ["read", "parse", "sort", "indexWrite", "dictionaryWrite", "ingest"]


def timeline_row(name, path):
    """One row of phase durations from a `quarry load --timeline` file (elapsed_ms, phase, ...):
    a phase lasts from the previous phase's last sample to its own last sample."""
    rows = [line.split("\t") for line in read(path).splitlines()[1:] if line]
    last = {}
    order = []
    for r in rows:
        phase = r[1]
        if phase not in last:
            order.append(phase)
        last[phase] = (int(r[0]), int(r[2]), int(r[3]))
    spans, previous = {}, 0
    for phase in order:
        spans[phase] = (last[phase][0] - previous) / 1000
        previous = last[phase][0]
    reading = spans.get("reading")
    in_bytes, quads = last.get("reading", (0, 0, 0))[1:]
    def sec(p):
        return "%.1f" % spans[p] if p in spans else "-"
    return "| %s | %s | %s | %s | %s | %s | %.1f |" % (
        name, sec("reading"),
        "%.0f" % (in_bytes / 1e6 / reading) if reading else "-",
        "%.0f" % (quads / reading) if reading else "-",
        sec("merging"), sec("committing"), previous / 1000)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("queries", "loads"):
        raise SystemExit("usage: table.py queries|loads DIR")
    print(queries_table(sys.argv[2]) if sys.argv[1] == "queries" else loads_table(sys.argv[2]))


if __name__ == "__main__":
    main()
