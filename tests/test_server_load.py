"""The server under load and abuse: many concurrent clients send a mix of canned queries, SPARQL, expensive
queries and malformed requests. Every well-formed request gets its correct answer, every bad one a 4xx, every
expensive one the time-limit error; no 500, and no body shorter than its announced length."""

from __future__ import annotations

import concurrent.futures
import http.client
import random
import urllib.parse

import pytest

pytestmark = [pytest.mark.server, pytest.mark.slow]

SCORES = "SELECT ?v WHERE { ?c <https://w3id.org/chronicle-kg/ontology#value> ?v } ORDER BY ?v"
EXPENSIVE = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


def _request(url: str, kind: str) -> tuple[str, int, bytes]:
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    if kind == "canned":
        connection.request("GET", "/queries/scorecard.csv?system=internlm-20b")
    elif kind == "sparql":
        connection.request("POST", "/sparql", body=SCORES.encode(),
                           headers={"Content-Type": "application/sparql-query", "Accept": "text/csv"})
    elif kind == "expensive":
        connection.request("GET", "/sparql?query=" + urllib.parse.quote(EXPENSIVE))
    elif kind == "malformed":
        connection.request("GET", "/sparql?query=" + urllib.parse.quote("SELECT * WHERE { ?s ?p"))
    elif kind == "unknown":
        connection.request("GET", "/id/system/no-such-system")
    elif kind == "bad-parameter":
        connection.request("GET", "/queries/scorecard.json?system=" + urllib.parse.quote('x" } UNION {'))
    elif kind == "wrong-type":
        connection.request("POST", "/sparql", body=b"ASK {}", headers={"Content-Type": "text/plain"})
    response = connection.getresponse()
    body = response.read()  # http.client raises IncompleteRead when the body is shorter than announced
    connection.close()
    return kind, response.status, body


def test_mixed_load_from_many_clients(live):
    _, _, canned_answer = _request(live.url, "canned")
    _, _, sparql_answer = _request(live.url, "sparql")
    kinds = (["canned"] * 40 + ["sparql"] * 40 + ["expensive"] * 4 + ["malformed"] * 10 + ["unknown"] * 10
             + ["bad-parameter"] * 10 + ["wrong-type"] * 6)
    random.Random(7).shuffle(kinds)
    with concurrent.futures.ThreadPoolExecutor(max_workers=24) as pool:
        answers = list(pool.map(lambda kind: _request(live.url, kind), kinds))

    expected = {"canned": 200, "sparql": 200, "expensive": 503, "malformed": 400, "unknown": 404,
                "bad-parameter": 400, "wrong-type": 415}
    assert [(kind, status) for kind, status, _ in answers if status != expected[kind]] == []
    assert all(body == canned_answer for kind, _, body in answers if kind == "canned")
    assert all(body == sparql_answer for kind, _, body in answers if kind == "sparql")
    assert all(b"time limit" in body for kind, _, body in answers if kind == "expensive")
