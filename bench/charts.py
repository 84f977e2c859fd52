#!/usr/bin/env python3
"""Draws the benchmark charts of docs/benchmarks.md as SVG, with the Python standard library only.

  python3 bench/charts.py timeline --out docs/charts/load-timeline.svg [LABEL=]TIMELINE.tsv...
  python3 bench/charts.py codecs --out docs/charts/load-codecs.svg CODECS.tsv

timeline: quads/s over elapsed time, one line per load, from `quarry load --timeline FILE`
  (bench/codecs.sh keeps one per load as timeline-CODEC-ROUND.tsv). The solid line is the rate
  between samples (samples less than --min-step seconds apart are merged, so that a phase
  change just after a regular sample does not make a spike); the dashed line of the same colour
  is the average since the start (quads / elapsed). Below the chart, one strip per load shows its
  phases (reading, merging, committing); a lower panel shows the CPU cores the process kept busy.
codecs: a bar of quads/s per input codec from bench/codecs.sh's codecs.tsv (medians), with the
  ratio to the plain file and the input size under each bar.

Options: --out FILE (default: stdout), --title TEXT, --width PX, --min-step SECONDS (timeline).
"""
import argparse
import csv
import math
import os
import sys
from xml.sax.saxutils import escape

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
PHASE_COLOURS = {"reading": "#c6dbef", "merging": "#fdd0a2", "committing": "#fcbba1"}
TIMELINE_COLUMNS = {"elapsed_ms", "phase", "quads", "cpu_ms"}
CODECS_COLUMNS = {"codec", "compressed_bytes", "quads_per_s", "ratio_to_plain", "rounds", "status"}
FONT = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'"


# ------------------------------------------------------------------ drawing helpers

class Svg:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.parts = []

    def add(self, element):
        self.parts.append(element)

    def text(self, x, y, s, size=12, anchor="start", weight="normal", colour="#222", rotate=None):
        transform = f" transform='rotate({rotate} {x:.1f} {y:.1f})'" if rotate else ""
        self.add(f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size}' text-anchor='{anchor}' "
                 f"font-weight='{weight}' fill='{colour}' {FONT}{transform}>{escape(s)}</text>")

    def line(self, x1, y1, x2, y2, colour="#222", width=1, dash=None):
        d = f" stroke-dasharray='{dash}'" if dash else ""
        self.add(f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='{colour}' "
                 f"stroke-width='{width}'{d}/>")

    def rect(self, x, y, w, h, fill, stroke="none"):
        self.add(f"<rect x='{x:.1f}' y='{y:.1f}' width='{max(w, 0):.1f}' height='{max(h, 0):.1f}' "
                 f"fill='{fill}' stroke='{stroke}'/>")

    def polyline(self, points, colour, width=2, dash=None):
        if len(points) < 2:
            return
        d = f" stroke-dasharray='{dash}'" if dash else ""
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self.add(f"<polyline points='{pts}' fill='none' stroke='{colour}' stroke-width='{width}' "
                 f"stroke-linejoin='round'{d}/>")

    def render(self):
        return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{self.width}' height='{self.height}' "
                f"viewBox='0 0 {self.width} {self.height}'>\n"
                f"<rect width='100%' height='100%' fill='white'/>\n" + "\n".join(self.parts) + "\n</svg>\n")


def nice_step(span, ticks=6):
    """A step of 1, 2 or 5 times a power of ten that cuts span into about `ticks` parts."""
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def si(v):
    """1500 -> 1.5k, 250000 -> 250k, 2000000 -> 2M."""
    for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(v) >= div:
            s = f"{v / div:.1f}".rstrip("0").rstrip(".")
            return s + suffix
    return f"{v:g}"


class Axes:
    """A plot area with linear x and y from 0 to the given maxima, ticks and grid."""

    def __init__(self, svg, left, top, width, height, x_max, y_max):
        self.svg, self.left, self.top, self.w, self.h = svg, left, top, width, height
        self.x_step, self.y_step = nice_step(x_max), nice_step(y_max, 5)
        self.x_max = math.ceil(x_max / self.x_step) * self.x_step or self.x_step
        self.y_max = math.ceil(y_max / self.y_step) * self.y_step or self.y_step

    def x(self, v):
        return self.left + self.w * v / self.x_max

    def y(self, v):
        return self.top + self.h * (1 - v / self.y_max)

    def draw(self, y_label, x_label=None, x_format=si, y_format=si, x_ticks=True):
        s = self.svg
        n = round(self.y_max / self.y_step)
        for i in range(n + 1):
            v = i * self.y_step
            s.line(self.left, self.y(v), self.left + self.w, self.y(v), "#ddd")
            s.text(self.left - 6, self.y(v) + 4, y_format(v), 11, "end")
        n = round(self.x_max / self.x_step) if x_ticks else -1
        for i in range(n + 1):
            v = i * self.x_step
            s.line(self.x(v), self.top + self.h, self.x(v), self.top + self.h + 4)
            if x_label is not None:
                s.text(self.x(v), self.top + self.h + 17, x_format(v), 11, "middle")
        s.line(self.left, self.top, self.left, self.top + self.h)
        s.line(self.left, self.top + self.h, self.left + self.w, self.top + self.h)
        s.text(self.left - 48, self.top + self.h / 2, y_label, 12, "middle", rotate=-90)
        if x_label:
            s.text(self.left + self.w / 2, self.top + self.h + 34, x_label, 12, "middle")


# ------------------------------------------------------------------ timeline

def read_timeline(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if not rows or not TIMELINE_COLUMNS <= rows[0].keys():
        sys.exit(f"charts.py: {path}: not a quarry load --timeline file (columns {', '.join(sorted(TIMELINE_COLUMNS))})")
    out = []
    for r in rows:
        out.append({"t": int(r["elapsed_ms"]) / 1000, "phase": r["phase"], "quads": int(r["quads"]),
                    "cpu": int(r["cpu_ms"]) / 1000 if int(r["cpu_ms"]) >= 0 else None})
    return out


def rate_steps(samples, min_step):
    """(t0, t1, quads/s, cores busy) per interval of at least min_step seconds (the last may be shorter)."""
    steps, start = [], samples[0]
    for i, s in enumerate(samples[1:], 1):
        if s["t"] - start["t"] < min_step and i < len(samples) - 1:
            continue
        dt = s["t"] - start["t"]
        if dt <= 0:
            continue
        cores = (s["cpu"] - start["cpu"]) / dt if s["cpu"] is not None and start["cpu"] is not None else None
        steps.append((start["t"], s["t"], (s["quads"] - start["quads"]) / dt, cores))
        start = s
    return steps


def phases(samples):
    """(phase, t0, t1): each phase from its first sample to the first sample of the next phase."""
    spans = []
    for s in samples:
        if s["phase"] == "done":
            break
        if not spans or spans[-1][0] != s["phase"]:
            if spans:
                spans[-1][2] = s["t"]
            spans.append([s["phase"], s["t"], s["t"]])
    end = samples[-1]["t"]
    if spans:
        spans[-1][2] = end
    return [tuple(p) for p in spans]


def step_points(axes, steps, value):
    pts = []
    for t0, t1, *vals in steps:
        v = vals[value]
        pts += [(axes.x(t0), axes.y(v)), (axes.x(t1), axes.y(v))]
    return pts


def timeline_chart(runs, title, width, min_step):
    left, right, top = 80, 30, 50
    plot_w = width - left - right
    rate_h, cpu_h = 300, 90
    strip_h, strip_gap = 12, 6
    strips_top = top + rate_h + 14
    strips_h = len(runs) * (strip_h + strip_gap)
    cpu_top = strips_top + strips_h + 34
    legend_top = cpu_top + cpu_h + 72
    height = legend_top + 22 * math.ceil((len(runs) + len(PHASE_COLOURS)) / 3) + 16
    svg = Svg(width, height)
    svg.text(width / 2, 28, title, 16, "middle", "bold")

    data = []
    for label, samples in runs:
        data.append((label, samples, rate_steps(samples, min_step), phases(samples)))
    t_max = max(s[-1]["t"] for _, s, _, _ in data)
    rate_max = max([r for _, _, st, _ in data for _, _, r, _ in st] + [1])
    cores = [c for _, _, st, _ in data for _, _, _, c in st if c is not None]

    rate = Axes(svg, left, top, plot_w, rate_h, t_max, rate_max)
    if len(runs) == 1:  # one load: its phases as background bands
        for phase, t0, t1 in data[0][3]:
            svg.rect(rate.x(t0), top, rate.x(t1) - rate.x(t0), rate_h, PHASE_COLOURS.get(phase, "#eee"))
    rate.draw("quads/s (parsed)")
    for i, (label, samples, steps, _) in enumerate(data):
        colour = COLOURS[i % len(COLOURS)]
        svg.polyline(step_points(rate, steps, 0), colour, 2)
        avg = [(rate.x(s["t"]), rate.y(s["quads"] / s["t"])) for s in samples if s["t"] > 0]
        svg.polyline(avg, colour, 1.5, "6,4")

    for i, (label, samples, _, spans) in enumerate(data):
        y = strips_top + i * (strip_h + strip_gap)
        for phase, t0, t1 in spans:
            svg.rect(rate.x(t0), y, rate.x(t1) - rate.x(t0), strip_h, PHASE_COLOURS.get(phase, "#eee"))
        svg.rect(rate.x(0), y, rate.x(samples[-1]["t"]) - rate.x(0), strip_h, "none", COLOURS[i % len(COLOURS)])
        svg.text(left - 6, y + strip_h - 2, label, 10, "end")

    if cores:
        cpu = Axes(svg, left, cpu_top, plot_w, cpu_h, t_max, max(cores + [1]))
        cpu.y_step = max(cpu.y_step, 0.5)
        cpu.y_max = math.ceil(max(cores) / cpu.y_step) * cpu.y_step
        cpu.draw("CPU (cores)", "elapsed time (s) since the load started", x_format=lambda v: f"{v:g}",
                 y_format=lambda v: f"{v:g}")
        for i, (_, _, steps, _) in enumerate(data):
            pts = step_points(cpu, [s for s in steps if s[3] is not None], 1)
            svg.polyline(pts, COLOURS[i % len(COLOURS)], 1.5)
    else:
        svg.text(left + plot_w / 2, cpu_top + 20, "elapsed time (s) since the load started", 12, "middle")

    entries = [(COLOURS[i % len(COLOURS)], label, "line") for i, (label, _, _, _) in enumerate(data)]
    entries += [(c, p, "box") for p, c in PHASE_COLOURS.items()]
    svg.text(left, legend_top - 12, "solid: rate between samples; dashed: average since the start; "
             "strips and bands: phases (blank: before the first sample)", 11, colour="#555")
    for k, (colour, label, kind) in enumerate(entries):
        x = left + (k % 3) * (plot_w / 3)
        y = legend_top + 22 * (k // 3)
        if kind == "line":
            svg.line(x, y + 6, x + 24, y + 6, colour, 3)
        else:
            svg.rect(x, y, 24, 12, colour, "#999")
        svg.text(x + 30, y + 11, label, 12)
    return svg.render()


# ------------------------------------------------------------------ codecs

def codecs_chart(path, title, width):
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t")]
    if not rows or not CODECS_COLUMNS <= rows[0].keys():
        sys.exit(f"charts.py: {path}: not a bench/codecs.sh codecs.tsv (columns {', '.join(sorted(CODECS_COLUMNS))})")
    left, right, top, height = 90, 30, 60, 460
    plot_w, plot_h = width - left - right, height - top - 110
    svg = Svg(width, height)
    svg.text(width / 2, 28, title, 16, "middle", "bold")
    rounds = sorted({r["rounds"] for r in rows if r["status"] == "OK"})
    svg.text(width / 2, 46, f"median of {'/'.join(rounds) or '0'} round(s); quads/s = quads / load time "
             "(report totalTimeSpent); ratio to the plain file above each bar", 11, "middle", colour="#555")
    rates = [float(r["quads_per_s"]) for r in rows if r["status"] == "OK"]
    axes = Axes(svg, left, top, plot_w, plot_h, 1, max(rates + [1]) * 1.12)  # room for the labels
    axes.draw("quads/s (load)", x_ticks=False)
    slot = plot_w / len(rows)
    for i, r in enumerate(rows):
        cx = left + slot * (i + 0.5)
        bar_w = min(70, slot * 0.6)
        mb = int(r["compressed_bytes"]) / 1048576 if r["compressed_bytes"].isdigit() else None
        size = "" if mb is None else f"{mb:,.1f} MB" if mb < 10 else f"{mb:,.0f} MB"
        svg.text(cx, top + plot_h + 18, r["codec"], 13, "middle", "bold")
        svg.text(cx, top + plot_h + 34, size, 11, "middle", colour="#555")
        if r["status"] != "OK":
            svg.text(cx, top + plot_h - 8, r["status"], 11, "middle", colour="#d62728")
            continue
        v = float(r["quads_per_s"])
        svg.rect(cx - bar_w / 2, axes.y(v), bar_w, axes.y(0) - axes.y(v), COLOURS[0])
        svg.text(cx, axes.y(v) - 20, f"{v:,.0f}", 11, "middle")
        svg.text(cx, axes.y(v) - 6, f"{r['ratio_to_plain']}x", 11, "middle", colour="#555")
    svg.text(left + plot_w / 2, top + plot_h + 58, "input codec (and size of the input file)", 12, "middle")
    return svg.render()


# ------------------------------------------------------------------ main

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kind", choices=["timeline", "codecs"])
    p.add_argument("inputs", nargs="+", help="timeline: [LABEL=]FILE.tsv...; codecs: codecs.tsv")
    p.add_argument("--out", help="the SVG file to write (default: stdout)")
    p.add_argument("--title")
    p.add_argument("--width", type=int, default=900)
    p.add_argument("--min-step", type=float, default=0.9, help="timeline: shortest interval for a rate, s")
    a = p.parse_args()
    if a.kind == "timeline":
        runs = []
        for arg in a.inputs:
            label, sep, path = arg.partition("=")
            if not sep or os.path.exists(arg):
                label, path = os.path.basename(arg).removesuffix(".tsv").removeprefix("timeline-"), arg
            samples = read_timeline(path)
            if not samples:
                sys.exit(f"charts.py: {path}: no samples")
            runs.append((label, samples))
        svg = timeline_chart(runs, a.title or "Quarry bulk load: quads/s over elapsed time", a.width, a.min_step)
    else:
        if len(a.inputs) != 1:
            sys.exit("charts.py: codecs takes one codecs.tsv")
        svg = codecs_chart(a.inputs[0], a.title or "Quarry bulk load rate per input codec", a.width)
    if a.out:
        os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
        with open(a.out + ".partial", "w") as f:
            f.write(svg)
        os.replace(a.out + ".partial", a.out)
    else:
        sys.stdout.write(svg)


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError) as e:
        sys.exit(f"charts.py: {e}")
