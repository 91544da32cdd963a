"""Validation is a value: run the shapes with pySHACL and return a Report of structured results."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pyshacl
import rdflib
from rdflib.namespace import SH

from .load import LoadedGraph, load_project, load_with_ontology
from .project import Project
from .shaclsparql import Check, Unsupported, compile_shapes, reaching_query
from .sourcemap import display_name
from .store import Term, parse_rdflib

SEVERITY_ORDER = {"Violation": 0, "Warning": 1, "Info": 2}


@dataclass(frozen=True)
class _Found:
    """One result before it is located in the source files."""

    severity: str
    focus: str
    path: str | None
    message: str
    shape: str
    value: str | None


@dataclass(frozen=True)
class Violation(_Found):
    """One validation result: which rule, on which node, and where that node is written."""

    source_file: str | None
    line: int | None

    def format(self) -> str:
        """`file:line: severity: focus-node: message` (the file part only when known)."""
        where = f"{self.source_file}:{self.line}: " if self.source_file else ""
        return f"{where}{self.severity.lower()}: {self.focus}: {self.message}"


@dataclass(frozen=True)
class Report:
    """All results of one validation, sorted by file, line, focus node and shape."""

    results: list[Violation]

    @property
    def conforms(self) -> bool:
        return not self.violations

    @property
    def violations(self) -> list[Violation]:
        return [r for r in self.results if r.severity == "Violation"]

    @property
    def warnings(self) -> list[Violation]:
        return [r for r in self.results if r.severity != "Violation"]

    def summary(self) -> str:
        return f"{len(self.violations)} violation(s), {len(self.warnings)} warning(s)"


def load_shapes(project: Project) -> rdflib.Graph:
    """The shapes graph of the project, parsed strictly."""
    return parse_rdflib([(p, display_name(p, project.root)) for p in project.shape_files()])


def validate(loaded: LoadedGraph, shapes: rdflib.Graph) -> Report:
    """Validate everything in the store against the shapes: the same results as pySHACL.

    The shapes run as whole-graph SPARQL queries on the store (shaclsparql.py); shapes the compiler
    cannot translate exactly make the whole validation run on pySHACL instead.
    """
    try:
        checks = compile_shapes(shapes)
    except Unsupported:
        return validate_with_pyshacl(loaded, shapes)
    return _report(_run_checks(loaded, checks), loaded)


def validate_with_pyshacl(loaded: LoadedGraph, shapes: rdflib.Graph) -> Report:
    """Validate with pySHACL itself, the reference whose results define what is correct.

    The union graph is a fresh Oxigraph-backed copy, so pySHACL may work on it in place: its SPARQL
    constraints then run on Oxigraph rather than on rdflib's engine (15 times faster on the seed data).
    """
    _, results_graph, _ = pyshacl.validate(
        loaded.store.union_graph(),
        shacl_graph=shapes,
        inference="none",
        advanced=True,
        allow_warnings=True,
        inplace=True,
    )
    return _report([_result_of(results_graph, node) for node in
                    results_graph.subjects(rdflib.RDF.type, SH.ValidationResult)], loaded)


# Past this many focus nodes a full validation is taken as cheaper than checking them as a set (measured at
# 1M triples before focus-targets.rq: 3,200 re-checked claims took 377 s, a full validation 31 s).
INCREMENTAL_LIMIT = 500


def validate_changed(loaded: LoadedGraph, shapes: rdflib.Graph, previous: Report,
                     changed: Iterable[tuple[Term, Term, Term]]) -> Report:
    """The report of `loaded` after some triples changed, given the report from before the change.

    `changed` holds every triple added or removed since `previous` (see load.reload_data_set). Only the
    focus nodes that can see a changed triple are validated again: the nodes it is about, and those whose
    rules read it (a claim when its system's developer changes, a milestone when one of its events does).
    The result equals a full validation. When the shapes do not compile, everything is validated again.
    """
    changed = list(changed)
    try:
        checks = compile_shapes(shapes)
    except Unsupported:
        return validate_with_pyshacl(loaded, shapes)
    focus = _affected_focus_nodes(loaded, checks, changed)
    if focus is None:
        return validate(loaded, shapes)
    kept = [r for r in previous.results if rdflib.URIRef(r.focus) not in focus]
    fresh = _run_checks(loaded, checks, focus) if focus else []
    return _report([_Found(r.severity, r.focus, r.path, r.message, r.shape, r.value) for r in kept] + fresh,
                   loaded)


def validate_project(project: Project) -> Report:
    """Validate the project's ontology and data."""
    return validate(load_project(project), load_shapes(project))


def validate_files(paths: list[Path], root: Path) -> Report:
    """Validate the given files together with the ontology and vocabularies of the project at `root`."""
    project = Project.find(root)
    return validate(load_with_ontology(project, paths), load_shapes(project))


def _result_of(results: rdflib.Graph, node: rdflib.term.Node) -> _Found:
    path = results.value(node, SH.resultPath)
    value = results.value(node, SH.value)
    return _Found(
        severity=str(results.value(node, SH.resultSeverity)).rsplit("#", 1)[-1],
        focus=str(results.value(node, SH.focusNode)),
        path=str(path) if isinstance(path, rdflib.URIRef) else None,
        message=str(results.value(node, SH.resultMessage) or "does not conform"),
        shape=str(results.value(node, SH.sourceShape)),
        value=None if value is None else str(value),
    )


def _run_checks(loaded: LoadedGraph, checks: list[Check], focus: set[Term] | None = None) -> list[_Found]:
    found = []
    ordered_focus = None if focus is None else sorted(focus, key=str)
    for check in checks:
        rows, _ = loaded.store.select(check.query(ordered_focus))
        results = sorted({(str(row["this"]), _text(row.get("path")), _text(row.get("value"))) for row in rows},
                         key=lambda r: (r[0], r[1] or "", r[2] or ""))
        per_focus: dict[str, int] = {}
        for this, path, value in results:
            per_focus[this] = per_focus.get(this, 0) + 1
            if check.limit is None or per_focus[this] <= check.limit:
                value = this if value is None and check.node_level else value
                found.append(_Found(check.severity, this, check.path or path, check.message, check.shape, value))
    return found


def _text(term: Term | None) -> str | None:
    return None if term is None else str(term)


def _affected_focus_nodes(loaded: LoadedGraph, checks: list[Check],
                          changed: list[tuple[Term, Term, Term]]) -> set[Term] | None:
    """The focus nodes whose results may differ after `changed`; None when that may be any node, or when
    so many may that validating everything again is cheaper."""
    read = _predicates_read(checks)
    if read is not None:  # a triple no check reads (such as a derived leaderboard rank) changes no result
        changed = [t for t in changed if str(t[1]) in read]
    focus: set[Term] = {s for s, _, _ in changed}  # a node whose own triples changed (its type, too)
    predicates = {str(p) for _, p, _ in changed}
    for check in checks:
        reads, global_predicates = check.reads()
        if reads is None or global_predicates is None or predicates & global_predicates:
            return None
        for steps in reads:
            wanted, forward = steps[-1]
            near = {(s if forward else o) for s, p, o in changed if wanted is None or str(p) in wanted}
            if len(steps) == 1 or not near:
                focus |= near
            else:
                rows, _ = loaded.store.select(reaching_query(steps[:-1], sorted(near, key=str)))
                focus |= {row["this"] for row in rows}
    focus = {node for node in focus if isinstance(node, rdflib.URIRef)}
    return None if len(focus) > INCREMENTAL_LIMIT else focus


def _predicates_read(checks: list[Check]) -> set[str] | None:
    """Every predicate some check reads, with the ones targets read (rdf:type, rdfs:subClassOf); None when
    a check may read any predicate (a variable in a predicate's place)."""
    read = {str(rdflib.RDF.type), str(rdflib.RDFS.subClassOf)}
    for check in checks:
        reads, global_predicates = check.reads()
        if reads is None or global_predicates is None:
            return None
        read |= global_predicates
        for steps in reads:
            for wanted, _ in steps:
                if wanted is None:
                    return None
                read |= wanted
    return read


def _report(found: list[_Found], loaded: LoadedGraph) -> Report:
    results = [_located(f, loaded) for f in found]
    results.sort(key=lambda v: (SEVERITY_ORDER.get(v.severity, 3), v.source_file or "~", v.line or 0,
                                v.focus, v.shape, v.path or "", v.value or ""))
    return Report(results)


def _located(found: _Found, loaded: LoadedGraph) -> Violation:
    location = loaded.sources.locate(found.focus, found.path)
    return Violation(**vars(found), source_file=location.file if location else None,
                     line=location.line if location else None)
