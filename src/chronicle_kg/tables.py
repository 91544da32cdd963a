r"""Query results as text: an aligned table for terminals, CSV (RFC 4180), SPARQL 1.1 JSON, Markdown.

>>> import rdflib
>>> from chronicle_kg.query import Result
>>> result = Result(["benchmark", "score"], [{"benchmark": rdflib.Literal("ARC AI2"),
...     "score": rdflib.Literal("75.6", datatype=rdflib.XSD.decimal)}])
>>> print(render(result, "table"))
benchmark  score
---------  -----
ARC AI2    75.6
>>> render(result, "csv")
'benchmark,score\r\nARC AI2,75.6\r\n'
"""

from __future__ import annotations

import textwrap

import rdflib

from .errors import ChronicleError
from .iris import PREFIXES
from .query import Result
from .resultformats import CSV, serialize_rows, sparql_json_text
from .store import Term

FORMATS = ("table", "csv", "json", "md")
TABLE_WIDTH = 80


def render(result: Result, fmt: str, columns: tuple[str, ...] = (), width: int = TABLE_WIDTH) -> str:
    """The result in one of FORMATS; tables and Markdown show only `columns` when given."""
    if fmt in ("table", "md") and columns:
        result = Result([v for v in columns if v in result.variables], result.rows)
    if fmt == "table":
        return _table(result, width)
    if fmt == "csv":
        return serialize_rows(result, CSV).decode("utf-8")
    if fmt == "json":
        return sparql_json_text(result) + "\n"
    if fmt == "md":
        return _markdown(result)
    raise ChronicleError(f"unknown output format {fmt!r}: use one of {', '.join(FORMATS)}")


def display(term: Term | None) -> str:
    """A term as a person reads it: a literal's text, an IRI as prefix:local."""
    if term is None:
        return ""
    if isinstance(term, rdflib.Literal):
        return str(term)
    text = str(term)
    best = max((ns for ns in PREFIXES.values() if text.startswith(ns) and len(text) > len(ns)),
               key=len, default=None)
    if best is None:
        return text
    prefix = next(p for p, ns in PREFIXES.items() if ns == best)
    return f"{prefix}:{text[len(best):]}"


def _markdown(result: Result) -> str:
    def cell(text: str) -> str:
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(result.variables) + " |", "|" + "---|" * len(result.variables)]
    for row in result.rows:
        lines.append("| " + " | ".join(cell(display(row.get(v))) for v in result.variables) + " |")
    return "\n".join(lines) + "\n"


def _table(result: Result, width: int) -> str:
    if not result.variables:
        return "(no columns)"
    cells = [[display(row.get(v)).replace("\n", " ") for v in result.variables] for row in result.rows]
    if len(cells) == 1 and sum(max(len(c), len(v)) + 2 for c, v in zip(cells[0], result.variables)) > width:
        return _record(result.variables, cells[0], width)
    widths = [max([len(v)] + [len(r[i]) for r in cells]) for i, v in enumerate(result.variables)]
    widths = _fit(widths, [len(v) for v in result.variables], width)
    lines = _table_lines(result.variables, widths) + _table_lines(["-" * w for w in widths], widths)
    for row in cells:
        lines += _table_lines(row, widths)
    if not result.rows:
        lines.append("(no rows)")
    return "\n".join(lines)


def _record(names: list[str], values: list[str], width: int) -> str:
    """One wide row as `name  value` lines, values wrapped to the width."""
    label = max(len(n) for n in names)
    lines = []
    for name, value in zip(names, values):
        wrapped = textwrap.wrap(value, max(20, width - label - 2), break_on_hyphens=False) or [""]
        lines.append(f"{name.ljust(label)}  {wrapped[0]}".rstrip())
        lines += [" " * (label + 2) + more for more in wrapped[1:]]
    return "\n".join(lines)


def _fit(widths: list[int], minimums: list[int], total: int) -> list[int]:
    """Shrink the widest columns until the table fits `total` characters (two spaces between columns)."""
    widths = list(widths)
    floor = [max(6, min(m, 10)) for m in minimums]
    while sum(widths) + 2 * (len(widths) - 1) > total:
        shrinkable = [k for k in range(len(widths)) if widths[k] > floor[k]]
        if not shrinkable:
            break
        widths[max(shrinkable, key=lambda k: widths[k])] -= 1
    return widths


def _table_lines(cells: list[str], widths: list[int]) -> list[str]:
    wrapped = [textwrap.wrap(c, w, break_on_hyphens=False) or [""] for c, w in zip(cells, widths)]
    height = max(len(w) for w in wrapped)
    return [
        "  ".join((w[k] if k < len(w) else "").ljust(widths[i]) for i, w in enumerate(wrapped)).rstrip()
        for k in range(height)
    ]
