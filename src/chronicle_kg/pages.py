"""Record pages (the seed benchmark and milestone records) rendered from canned-query results only.

Every narrative sentence is a template over query results, followed by the number of facts it cites.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from .api import Chronicle
from .errors import ChronicleError
from .iris import BASE

PAGE_KINDS = ("system", "milestone")
DRAWN_FROM_FACTS = "Claims drawn from cited facts, not live model generation."
_TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=lambda name: bool(name) and name.endswith(".html.j2"),
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)
_TEMPLATES.filters["cell"] = lambda text: str(text).replace("|", "\\|").replace("\n", " ")
STYLESHEET = Path(__file__).parent / "static" / "style.css"


def link(iri: object, text: object = None, site: bool = False) -> Markup:
    """An HTML link to `iri` showing `text` (escaped); only http(s) IRIs become links, and on the site
    (`site`) the graph's own IRIs point at this server rather than at their canonical host."""
    label = escape(text if text is not None else (iri if iri is not None else ""))
    target = str(iri) if iri is not None else ""
    if not target.startswith(("http://", "https://")):
        return label
    if site and target.startswith(BASE):
        target = "/" + target[len(BASE):]
    return Markup(f'<a href="{escape(target)}">{label}</a>')


def render_template(name: str, site: bool = False, **model: Any) -> str:
    """Render one template: on the site with its navigation and stylesheet, else as a standalone page."""
    return _TEMPLATES.get_template(name).render(
        drawn_from_facts=DRAWN_FROM_FACTS, site=site, stylesheet=STYLESHEET.read_text(encoding="utf-8"),
        link=lambda iri, text=None: link(iri, text, site), **model)


@dataclass(frozen=True)
class Narrative:
    """A sentence or two made from query results, and how many facts it rests on."""

    text: str
    cites: int


def render_page(graph: Chronicle, kind: str, identifier: str, html: bool = False, site: bool = False) -> str:
    """The record page of one system or milestone, as Markdown or HTML (for the site when `site`)."""
    if kind == "system":
        model = system_page(graph, identifier)
    elif kind == "milestone":
        model = milestone_page(graph, identifier)
    else:
        raise ChronicleError(f"unknown page kind {kind!r}: use one of {', '.join(PAGE_KINDS)}")
    return render_template(f"{kind}.{'html' if html else 'md'}.j2", site, **model)


def system_page(graph: Chronicle, system: str) -> dict[str, Any]:
    """What the benchmark record of one system shows."""
    summary = graph.query("scorecard-summary", system=system).records()[0]
    scores = graph.query("scorecard", system=system).records()
    statuses = graph.query("scorecard-status-counts", system=system).records()
    facts = graph.query("facts", entity=system).records()
    facts_summary = graph.query("facts-summary", entity=system).records()[0]
    sizes = {row["sizeClass"]: row for row in graph.query("size-classes").records()}
    status_mix = ", ".join(f"{row['claims']} {row['status']}" for row in statuses)
    return {
        "s": summary,
        "scores": scores,
        "status_mix": status_mix,
        "other_statuses": " or ".join(r["status"] for r in statuses if "reproduced" not in r["status"]),
        "benchmark_list": ", ".join(sorted({row["benchmark"] for row in scores}, key=str.lower)),
        "fact_sources": len({row["sourceIri"] for row in facts}),
        "facts_summary": facts_summary,
        "datasets": sorted({row["dataset"] for row in scores} | {row["dataset"] for row in facts}),
        "narratives": [
            _profile(summary, sizes.get(summary.get("sizeClass"))),
            _standing(summary, statuses),
            _suite(summary),
        ],
    }


def milestone_page(graph: Chronicle, milestone: str) -> dict[str, Any]:
    """What the record of one milestone shows."""
    record = graph.query("milestone", milestone=milestone).records()[0]
    links: dict[str, list[dict[str, Any]]] = {}
    for row in graph.query("milestone-links", milestone=milestone).records():
        links.setdefault(row["relation"], []).append(row)
    documents = graph.query("milestone-sources", milestone=milestone).records()
    return {
        "m": record,
        "links": links,
        "documents": documents,
        "primary": [d for d in documents if d["role"] == "source" and d.get("tier") == "S1"],
        "history": graph.query("milestone-history", milestone=milestone).records(),
        "corrections": graph.query("milestone-corrections", milestone=milestone).records(),
    }


def _profile(s: dict[str, Any], size: dict[str, Any] | None) -> Narrative:
    cites = sum(1 for key in ("developerLabel", "parameters", "released") if s.get(key) is not None)
    who = f"Developed by {s['developerLabel']}, this" if s.get("developerLabel") else "This"
    if s.get("parameters") is None or size is None:
        return Narrative(f"{who} model has no disclosed parameter count, so its size class is not known.", cites)
    released = f" released in {s['released'].year}" if s.get("released") else ""
    text = f"{who} model is a {s['sizeClassLabel']} {_billions(s['parameters'])}-parameter system{released}; "
    if size.get("previousLabel"):
        smaller = size["previousLabel"]
        text += (f"its scale places it beyond {smaller} models, meaning it offers more capability headroom than "
                 f"small models but carries greater computational cost and lower efficiency than {smaller} "
                 "alternatives.")
    else:
        text += (f"its scale places it among the {s['sizeClassLabel']} models, meaning it is cheaper to run but "
                 "has less capability headroom than larger systems.")
    return Narrative(text, cites)


def _standing(s: dict[str, Any], statuses: list[dict[str, Any]]) -> Narrative:
    benchmarks, leads = s["benchmarks"], s["leads"]
    text = f"This model is tracked across {benchmarks} benchmarks, "
    text += (f"and it holds the top score on {leads} of them." if leads
             else "but it currently holds no top score on any of them.")
    if s["reproduced"] == 0 and statuses:
        commonest = max(statuses, key=lambda row: (row["claims"], -row["statusOrder"]))["status"]
        text += (f" Because these results are {commonest} and not yet independently confirmed, they should be "
                 "treated as claims rather than verified outcomes.")
    elif s["reproduced"] < s["claims"]:
        text += (f" {s['reproduced']} of its {s['claims']} claims are independently reproduced; treat the rest "
                 "as claims rather than verified outcomes.")
    else:
        text += " All of its claims are independently reproduced."
    return Narrative(text, 3)


def _suite(s: dict[str, Any]) -> Narrative:
    leads = s["leads"]
    tail = (f" It holds the top score on {leads} benchmarks, so there is no demonstrated category leadership "
            "among the tracked suites." if leads == 0
            else f" It holds the top score on {leads} of its {s['benchmarks']} benchmarks.")
    gap = s.get("suiteGap")
    if gap is None:
        return Narrative("No benchmark-suite average is disclosed for this system, so its distance from the "
                         "leader on a suite average cannot be measured." + tail, 1)
    if gap == 0:
        return Narrative(f"Based on the disclosed harness average ({s['suiteLabel']}), it leads every tracked "
                         "system." + tail, 2)
    reading = ("a wide gap placing it well behind the front of the pack, not merely competitive" if gap >= 10
               else "a clear gap behind the front of the pack" if gap >= 3
               else "close enough to the front to count as competitive")
    return Narrative(f"Based on the disclosed harness average, it trails the leader by {gap} points — "
                     f"{reading}." + tail, 2)


def _billions(parameters: Decimal | int | float) -> str:
    value = Decimal(str(parameters)) / Decimal(10**9)
    return f"{value.normalize():f}-billion" if value >= 1 else f"{Decimal(str(parameters)).normalize():f}"
