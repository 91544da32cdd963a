"""The web site's HTML pages beyond the two record pages: organization, benchmark leaderboard, milestone
timeline with its chart, any other resource, the query page, the catalogue, the home page and errors.

Every page is rendered from canned or internal query results; every value is escaped by the templates.
"""

from __future__ import annotations

import datetime
import difflib
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import rdflib

from .api import Chronicle
from .catalogue import CannedQuery
from .iris import BASE, CK
from .pages import render_template
from .query import Result, bind_arguments, internal_query, with_values
from .tables import display

HOME_SECTIONS = (("Organization", "Organizations"), ("Benchmark", "Benchmarks"), ("Milestone", "Milestones"),
                 ("System", "Systems"))
HOME_LIMIT = 200
_LABELS = (str(rdflib.RDFS.label), str(rdflib.SKOS.prefLabel), CK + "title")
DOCUMENT_FORMATS = (("html", "HTML"), ("ttl", "Turtle"), ("nt", "N-Triples"), ("jsonld", "JSON-LD"))


def page(name: str, **model: Any) -> str:
    """A site template rendered with `model` (and the `shown` helper for IRIs without a label)."""
    return render_template(name, site=True, shown=display, **model)


def organization_html(graph: Chronicle, org: str) -> str:
    """An organization: profile, the systems it developed, the milestones it is involved in."""
    profile = graph.query("organization", org=org).records()[0]
    return page(
        "organization.html.j2",
        o=profile,
        alt_names=alt_names(graph, profile["org"]),
        systems=graph.query("organization-systems", org=org).records(),
        milestones=graph.query("timeline", org=org).records(),
    )


def benchmark_html(graph: Chronicle, arguments: Mapping[str, str]) -> str:
    """A benchmark's profile and leaderboard, with the leaderboard query's `arguments` (benchmark required)."""
    profile = graph.query("benchmark", benchmark=arguments["benchmark"]).records()[0]
    bound = bind_arguments(graph.canned("leaderboard"), arguments)
    others = {name: value for name, value in arguments.items() if name != "benchmark"}
    return page(
        "benchmark.html.j2",
        b=profile,
        alt_names=alt_names(graph, profile["benchmark"]),
        rows=graph.query("leaderboard", **arguments).records(),
        reproduced_only=bound["reproduced_only"].toPython(),
        top=bound["top"].toPython(),
        every_place="?" + urllib.parse.urlencode({**others, "top": "0"}),
    )


def alt_names(graph: Chronicle, iri: str) -> str:
    """The other names of a resource, as one phrase ("AI2 Reasoning Challenge; ARC")."""
    rows = graph.sparql(with_values(internal_query("alt-names"), {"entity": rdflib.URIRef(iri)})).records()
    return "; ".join(str(row["altName"]) for row in rows)


def timeline_html(graph: Chronicle, arguments: Mapping[str, str]) -> str:
    """The milestone timeline, filtered like `chronicle timeline`, with an SVG chart."""
    rows = graph.query("timeline", **arguments).records()
    return page("timeline.html.j2", rows=rows, chart=timeline_chart(rows),
                parameters=graph.canned("timeline").parameters, arguments=arguments)


def entity_html(graph: Chronicle, iri: str, document: str) -> str:
    """Any resource: what it says and what refers to it; `document` is its description's URL without extension."""
    result = graph.sparql(with_values(internal_query("statements"), {"entity": rdflib.URIRef(iri)}))
    rows = [{**record, "value": raw["value"]} for record, raw in zip(result.records(), result.rows)]
    label = next((row["value"] for row in rows if row["direction"] == "out" and row["property"] in _LABELS), None)
    return page("entity.html.j2", iri=iri, label=label or display(rdflib.URIRef(iri)), document=document,
                formats=DOCUMENT_FORMATS, outgoing=[r for r in rows if r["direction"] == "out"],
                incoming=[r for r in rows if r["direction"] == "in"])


def query_html(graph: Chronicle, chosen: CannedQuery | None, arguments: Mapping[str, str], sparql: str,
               result: Result | None, error: str | None, api_link: str) -> str:
    """The query page: pick a canned query and fill its parameters, or write SPARQL; see the table."""
    return page("query.html.j2", queries=graph.queries(), chosen=chosen, arguments=arguments, sparql=sparql,
                result=result, error=error, ran=result is not None, api_link=api_link)


def queries_html(graph: Chronicle) -> str:
    """The canned-query catalogue."""
    return page("queries.html.j2", queries=graph.queries())


def home_html(graph: Chronicle, triples: int) -> str:
    """The home page: what the graph holds, with links into it."""
    sections = []
    for class_name, title in HOME_SECTIONS:
        rows = graph.sparql(with_values(internal_query("instances"), {"class": rdflib.URIRef(CK + class_name)}))
        entities = _first_label_per_entity(rows.records())
        entities.sort(key=lambda e: str(e["label"] or e["entity"]).lower())
        sections.append({"title": title, "count": len(entities), "entities": entities[:HOME_LIMIT]})
    return page("home.html.j2", sections=sections, triples=triples)


@dataclass(frozen=True)
class Suggestion:
    iri: str
    label: str


def error_html(status: int, reason: str, message: str, suggestions: list[Suggestion] = ()) -> str:
    """An error page: what went wrong, and close matches where there are some."""
    return page("error.html.j2", status=status, reason=reason, message=message, suggestions=list(suggestions))


def suggestions(graph: Chronicle, iri: str) -> list[Suggestion]:
    """Resources of the same kind (IRI up to the last slash) whose IRI is closest to `iri`."""
    kind_prefix = iri.rsplit("/", 1)[0] + "/"
    rows = graph.sparql(with_values(internal_query("labelled"), {"prefix": rdflib.Literal(kind_prefix)})).records()
    candidates = {row["entity"]: row["label"] for row in rows}
    close = difflib.get_close_matches(iri, list(candidates), n=5, cutoff=0.6)
    return [Suggestion(c, str(candidates[c] or c)) for c in close]


def timeline_chart(rows: list[dict[str, Any]], width: int = 900) -> dict[str, Any] | None:
    """Positions for the timeline chart: dates along x, one lane per significance, evidence level as label."""
    dated = [r for r in rows if isinstance(r.get("date"), datetime.date)]
    if not dated:
        return None
    left, right, lane_gap = 60, width - 30, 50
    lanes = sorted({r.get("significance") or "—" for r in dated})
    first = min(r["date"] for r in dated)
    last = max(r["date"] for r in dated)
    start = datetime.date(first.year, 1, 1)
    end = datetime.date(last.year + 1, 1, 1)
    span = (end - start).days

    def x(day: datetime.date) -> int:
        return round(left + (right - left) * (day - start).days / span)

    lane_y = {lane: 30 + lane_gap * i for i, lane in enumerate(lanes)}
    axis_y = 30 + lane_gap * len(lanes)
    step = max(1, (end.year - start.year) // 10)
    ticks = [{"x": x(datetime.date(year, 1, 1)), "label": str(year)}
             for year in range(start.year, end.year + 1, step)]
    points = [{
        "x": x(r["date"]), "y": lane_y[r.get("significance") or "—"], "date": r["date"].isoformat(),
        "title": r["title"], "significance": r.get("significance") or "—", "level": r.get("evidenceLevel") or "E0",
        "href": "/" + r["milestone"].removeprefix(BASE),
    } for r in dated]
    return {"width": width, "height": axis_y + 30, "left": left, "right": right, "axis_y": axis_y, "ticks": ticks,
            "lanes": [{"label": lane, "y": y} for lane, y in lane_y.items()], "points": points}


def _first_label_per_entity(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for row in rows:
        seen.setdefault(row["entity"], row)
    return list(seen.values())
