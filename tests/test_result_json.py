"""Query results as SPARQL JSON text (the CLI's --format json, the server's canned-query JSON): exactly what
json.dumps with indent=1 writes, for the rows of every canned query and for edge cases."""

from __future__ import annotations

import json

import pytest
import rdflib

from chronicle_kg import Chronicle
from chronicle_kg.query import Result
from chronicle_kg.resultformats import sparql_json, sparql_json_text

SAMPLE_ARGUMENTS = {"system": "internlm-20b", "entity": "internlm-20b", "benchmark": "arc-ai2",
                    "org": "shanghai-ai-laboratory", "milestone": "internlm-math", "date": "2024-01-01"}


def indented(result: Result) -> str:
    return json.dumps(sparql_json(result), indent=1, ensure_ascii=False)


@pytest.fixture(scope="module")
def graph():
    return Chronicle.open()


def test_every_canned_query_gives_the_indented_json(graph):
    checked = 0
    for query in graph.queries():
        arguments = {p.name: SAMPLE_ARGUMENTS[p.name] for p in query.parameters if p.required}
        result = graph.query(query.name, **arguments)
        assert sparql_json_text(result) == indented(result), query.name
        checked += bool(result.rows)
    assert checked >= 10


@pytest.mark.parametrize("result", [
    Result([]),
    Result(["a"]),
    Result(["a", "b"], [{}]),
    Result(["s", "o"], [{"s": rdflib.URIRef("https://x.org/a\"b"), "o": rdflib.Literal("tab\there \u2028 \"é\" \\ \x01",
                                                                                          lang="en")},
                        {"s": rdflib.BNode("b0"), "o": rdflib.Literal("1.50", datatype=rdflib.XSD.decimal)},
                        {"o": rdflib.Literal("plain")}]),
], ids=["nothing", "no rows", "an empty row", "every kind of term"])
def test_edge_cases_give_the_indented_json(result):
    assert sparql_json_text(result) == indented(result)
