"""SPARQL that would reach outside the graph, or is too big to parse safely, is refused before any
engine sees it, with a one-line message; words that only look like keywords are left alone."""

from __future__ import annotations

import pytest

PREFIX = "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "


@pytest.mark.parametrize("query, message", [
    ("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }", "SERVICE"),
    ("SELECT * WHERE { service <http://127.0.0.1:1/> { ?s ?p ?o } }", "SERVICE"),
    ("SELECT * FROM <file:///etc/passwd> WHERE { ?s ?p ?o }", "FROM <file:///etc/passwd>: the store holds no such"),
    ("SELECT * FROM NAMED <http://example.org/g> WHERE { GRAPH ?g { ?s ?p ?o } }", "FROM <http://example.org/g>"),
    ("PREFIX g: <https://w3id.org/chronicle-kg/graph/> SELECT * FROM g:chronicle FROM g:elsewhere { ?s ?p ?o }",
     "FROM <https://w3id.org/chronicle-kg/graph/elsewhere>: the store holds no such graph"),
    ("LOAD <http://example.org/data.ttl>", "LOAD is refused"),
    ("SELECT * WHERE " + "{ " * 65 + "?s ?p ?o" + " }" * 65, "nests brackets more than 64 deep"),
    ("SELECT * WHERE { ?s ?p \"" + "a" * 100_001 + "\" }", "the limit is 100000"),
], ids=["service", "service-lower-case", "from-file", "from-named", "from-unknown-prefixed", "load", "deep", "long"])
def test_query_that_reaches_out_or_runs_away_is_refused(query, message, chronicle):
    run = chronicle("sparql", query)
    assert run.exit_code == 2, run
    assert message in run.stderr
    assert run.stdout == ""
    assert "Traceback" not in run.stderr


def test_keywords_inside_strings_variables_and_names_are_not_refused(chronicle):
    query = (PREFIX + 'SELECT ?from ?service WHERE { ?s rdfs:label ?from . '
             'BIND ("SERVICE <http://x/> FROM LOAD" AS ?service) FILTER (?from = "internlm-20b") } ORDER BY ?from')
    run = chronicle("sparql", query, "--format", "csv")
    assert run.exit_code == 0, run
    assert run.out_lines == ["from,service", "internlm-20b,SERVICE <http://x/> FROM LOAD"]


def test_from_a_graph_the_store_holds_reads_only_that_graph(chronicle):
    count = "SELECT (COUNT(*) AS ?n) {FROM} WHERE { ?s a <https://w3id.org/chronicle-kg/ontology#ScoreClaim> }"
    everything = chronicle("sparql", count.replace("{FROM}", ""), "--format", "csv")
    seed_scores = chronicle("sparql", count.replace("{FROM}", "FROM <https://w3id.org/chronicle-kg/graph/epoch-benchmarks>"),
                            "--format", "csv")
    ontology_only = chronicle("sparql", count.replace("{FROM}", "FROM <https://w3id.org/chronicle-kg/graph/ontology>"),
                              "--format", "csv")
    assert everything.out_lines == ["n", "6"], everything
    assert seed_scores.out_lines == ["n", "6"], seed_scores
    assert ontology_only.out_lines == ["n", "0"], ontology_only


def test_a_query_past_the_time_limit_is_stopped_with_a_clear_error(chronicle):
    run = chronicle("--query-timeout", "1", "sparql",
                    "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }")
    assert run.exit_code == 2, run
    assert run.stdout == ""
    assert "ran past the time limit of 1 s (--query-timeout) and was stopped" in run.stderr


def test_the_time_limit_comes_from_the_environment_too(chronicle):
    run = chronicle("sparql", "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }",
                    env={"CHRONICLE_QUERY_TIMEOUT": "1.5"})
    assert run.exit_code == 2, run
    assert "time limit of 1.5 s" in run.stderr
