"""The report's plot, time against graph size on log-log axes, as a small hand-written SVG (no plotting
library needed)."""

from __future__ import annotations

import math

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 400, 70, 190, 20, 50
SERIES = (  # (label, colour, how to read the value in seconds from one size entry)
    ("chronicle build", "#1f77b4", lambda s: s["chronicle"].get("build_s")),
    ("chronicle validate", "#2ca02c", lambda s: s["chronicle"].get("validate_s")),
    ("plain pySHACL (rdflib)", "#d62728", lambda s: s["rdflib"].get("validate_s")),
    ("raw Oxigraph parse", "#7f7f7f", lambda s: s["oxigraph"].get("parse_s")),
    ("leaderboard, 100 places", "#9467bd", lambda s: _ms(s["chronicle"].get("queries_ms", {}).get("leaderboard"))),
    ("leaderboard, every place", "#8c564b",
     lambda s: _ms(s["chronicle"].get("queries_ms", {}).get("leaderboard top=0"))),
    ("scorecard query", "#ff7f0e", lambda s: _ms(s["chronicle"].get("queries_ms", {}).get("scorecard"))),
)


def _ms(value: float | None) -> float | None:
    return None if value is None else value / 1000


def _decades(low: float, high: float) -> range:
    return range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1)


def time_vs_size_svg(report: dict) -> str:
    """Seconds against triples, one line per series, both axes logarithmic."""
    points = {label: [(s["triples"], read(s)) for s in report["sizes"] if s.get("triples") and read(s)]
              for label, _, read in SERIES}
    xs = [x for p in points.values() for x, _ in p] or [1, 10]
    ys = [y for p in points.values() for _, y in p] or [1, 10]
    x_decades, y_decades = _decades(min(xs), max(xs)), _decades(min(ys), max(ys))
    x_low, x_high = x_decades[0], max(x_decades[-1], x_decades[0] + 1)
    y_low, y_high = y_decades[0], max(y_decades[-1], y_decades[0] + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + (math.log10(x) - x_low) / (x_high - x_low) * plot_w

    def py(y: float) -> float:
        return TOP + plot_h - (math.log10(y) - y_low) / (y_high - y_low) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" '
           f'font-size="11">', f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    for d in range(x_low, x_high + 1):
        x = px(10 ** d)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 15}" text-anchor="middle">{_label(10 ** d)}</text>')
    for d in range(y_low, y_high + 1):
        y = py(10 ** d)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 5}" y="{y + 4:.1f}" text-anchor="end">{_seconds(10 ** d)}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 12}" text-anchor="middle">triples</text>')
    out.append(f'<text x="15" y="{TOP + plot_h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 15 {TOP + plot_h / 2})">time</text>')
    for row, (label, colour, _) in enumerate(SERIES):
        line = points[label]
        if len(line) > 1:
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in line)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{colour}"/>' for x, y in line]
        legend_y = TOP + 10 + row * 18
        out.append(f'<line x1="{WIDTH - RIGHT + 15}" y1="{legend_y}" x2="{WIDTH - RIGHT + 35}" y2="{legend_y}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 40}" y="{legend_y + 4}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _label(triples: float) -> str:
    for unit, size in (("M", 1_000_000), ("k", 1_000)):
        if triples >= size:
            return f"{triples / size:g}{unit}"
    return f"{triples:g}"


def _seconds(value: float) -> str:
    return f"{value * 1000:g} ms" if value < 1 else f"{value:g} s"
