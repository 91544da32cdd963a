"""The strict loader against the W3C RDF 1.1 Turtle and N-Triples test suites (../shared/conformance):
every positive test loads (and an evaluation test gives its expected graph), every negative test is
rejected with file, line and column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import rdflib
from rdflib.compare import isomorphic

from chronicle_kg.errors import DataSyntaxError
from chronicle_kg.store import Store

SUITES = Path(__file__).resolve().parents[2] / "shared" / "conformance"
MF = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#")
BASES = {suite: f"https://w3c.github.io/rdf-tests/rdf/rdf11/{name}/" for suite, name in (
    ("rdf11-turtle", "rdf-turtle"), ("rdf11-n-triples", "rdf-n-triples"))}


def _cases() -> list[tuple[str, str, Path, Path | None]]:
    cases = []
    for suite in BASES:
        manifest = SUITES / suite / "manifest.ttl"
        if not manifest.is_file():
            continue
        graph = rdflib.Graph().parse(manifest, format="turtle", publicID=manifest.as_uri())
        for test in graph.subjects(MF.action, None):
            kind = str(graph.value(test, rdflib.RDF.type)).rsplit("#", 1)[-1]
            action = Path(str(graph.value(test, MF.action)).removeprefix("file://"))
            result = graph.value(test, MF.result)
            cases.append((suite, kind, action, Path(str(result).removeprefix("file://")) if result else None))
    return sorted(cases, key=lambda c: (c[0], c[2].name))


CASES = _cases()
pytestmark = pytest.mark.skipif(not CASES, reason="the W3C suites are not beside this checkout (../shared/conformance)")


def _load(suite: str, action: Path) -> Store:
    store = Store.memory()
    store.load_file(action, "https://w3id.org/chronicle-kg/graph/test", f"{suite}/{action.name}",
                    base_iri=BASES[suite] + action.name, blank_nodes=True)
    return store


@pytest.mark.parametrize("suite, kind, action, result", CASES, ids=[f"{c[0]}/{c[2].name}" for c in CASES])
def test_w3c_syntax_suite(suite, kind, action, result):
    if "Negative" in kind:
        with pytest.raises(DataSyntaxError) as rejected:
            _load(suite, action)
        assert rejected.value.file == f"{suite}/{action.name}"
        assert rejected.value.line is not None and rejected.value.column is not None, str(rejected.value)
        return
    store = _load(suite, action)
    if result is not None:  # compared as the store holds both: Oxigraph keeps values (1.0 and 1.00 are one)
        loaded, expected = _graph(store), _graph(_load(suite, result))
        assert isomorphic(loaded, expected)


def _graph(store: Store) -> rdflib.Graph:
    """The store's statements as an rdflib graph, blank-node labels made plain for rdflib's N-Triples parser."""
    labels: dict[str, str] = {}
    text = "\n".join(sorted(store.statements()))
    plain = re.sub(r"_:(\S+)", lambda m: "_:b" + labels.setdefault(m.group(1), str(len(labels))), text)
    return rdflib.Graph().parse(data=plain, format="nt")


def test_both_suites_are_all_there():
    kinds = {(suite, kind) for suite, kind, _, _ in CASES}
    assert ("rdf11-turtle", "TestTurtleNegativeSyntax") in kinds
    assert ("rdf11-n-triples", "TestNTriplesNegativeSyntax") in kinds
    assert len(CASES) >= 94 + 74 + 145 + 29 + 41 - 20
