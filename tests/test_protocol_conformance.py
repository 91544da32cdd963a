"""The W3C SPARQL 1.1 Protocol tests (../shared/conformance/sparql11-protocol/protocol/manifest.ttl) that
apply to a read-only endpoint, sent as written to the live `chronicle serve`.

The manifest describes each request in the HTTP-in-RDF vocabulary (method, path, headers, body) and the
response it expects (status class, result format, ASK answer). Two kinds of test do not apply and are
skipped with their reason: SPARQL Update operations (the endpoint is read-only; the tests of *bad* updates
do apply, since a read-only endpoint must refuse them with a 4xx), and queries whose answer depends on the
protocol loading graphs from other hosts (the endpoint never fetches anything). The remaining tests name an
external graph as their default-graph-uri only in passing; it is replaced by a graph this store holds.
"""

from __future__ import annotations

import http.client
import json
import urllib.parse
from pathlib import Path

import pytest
import rdflib
from rdflib.collection import Collection

pytestmark = pytest.mark.server

SUITE = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "sparql11-protocol" / "protocol"
MF = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#")
HT = rdflib.Namespace("http://www.w3.org/2011/http#")
HTS = rdflib.Namespace("http://www.w3.org/2011/http-statusCodes#")
CNT = rdflib.Namespace("http://www.w3.org/2011/content#")
HELD_GRAPH = "https://w3id.org/chronicle-kg/graph/ontology"
EXTERNAL_GRAPHS = ("http%3A%2F%2Fkasei.us%2F2009%2F09%2Fsparql%2Fdata%2Fdata0.rdf",)
NOT_APPLICABLE = {
    "update": "SPARQL Update: the endpoint is read-only",
    "query_dataset": "the expected answer needs graphs loaded from other hosts, which the endpoint never fetches",
    "query_multiple_dataset": "the expected answer needs graphs loaded from other hosts",
}
TABULAR = {"application/sparql-results+xml", "application/sparql-results+json", "text/csv",
           "text/tab-separated-values"}
BOOLEAN = {"application/sparql-results+xml", "application/sparql-results+json"}
RDF = {"text/turtle", "application/n-triples", "application/ld+json", "application/rdf+xml"}


def _tests() -> list[tuple[str, rdflib.Graph, rdflib.term.Node]]:
    if not (SUITE / "manifest.ttl").is_file():
        return []
    manifest = rdflib.Graph().parse(SUITE / "manifest.ttl", format="turtle")
    entries = next(manifest.objects(None, MF.entries))
    return [(str(entry).rsplit("#", 1)[1], manifest, entry) for entry in Collection(manifest, entries)]


TESTS = _tests()


def _applies(name: str) -> str | None:
    if name.startswith("bad_"):
        return None
    for prefix, reason in NOT_APPLICABLE.items():
        if name.startswith(prefix):
            return reason
    return None


def _send(url: str, manifest: rdflib.Graph, request: rdflib.term.Node) -> http.client.HTTPResponse:
    path = str(manifest.value(request, HT.absolutePath))
    for graph in EXTERNAL_GRAPHS:
        path = path.replace(graph, urllib.parse.quote(HELD_GRAPH, safe=""))
    path = path.replace("/sparql/", "/sparql", 1)
    headers = {}
    header_list = manifest.value(request, HT.headers)
    for header in Collection(manifest, header_list) if header_list else []:
        headers[str(manifest.value(header, HT.fieldName))] = str(manifest.value(header, HT.fieldValue))
    body = None
    content = manifest.value(request, HT.body)
    if content is not None:
        encoding = str(manifest.value(content, CNT.characterEncoding) or "UTF-8")
        body = str(manifest.value(content, CNT.chars)).encode(encoding)
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request(str(manifest.value(request, HT.methodName)), path, body=body, headers=headers)
    return connection.getresponse()


@pytest.mark.skipif(not TESTS, reason=f"the W3C SPARQL 1.1 Protocol suite is not at {SUITE}")
@pytest.mark.parametrize("name, manifest, entry", TESTS, ids=[t[0] for t in TESTS])
def test_w3c_protocol_test(live, name, manifest, entry):
    reason = _applies(name)
    if reason:
        pytest.skip(reason)
    action = manifest.value(entry, MF.action)
    for request in Collection(manifest, manifest.value(action, HT.requests)):
        expected = manifest.value(request, HT.resp)
        response = _send(live.url, manifest, request)
        body = response.read()
        classes = {str(s).rsplit("StatusCode", 1)[1] for s in manifest.objects(expected, MF.expectedStatus)}
        assert f"{response.status // 100}xx" in classes, f"{name}: status {response.status}: {body[:300]!r}"
        media = (response.getheader("Content-Type") or "").split(";")[0]
        fmt = manifest.value(expected, MF.expectedFormat)
        if fmt is not None:
            allowed = {"boolean": BOOLEAN, "tabular": TABULAR, "RDF": RDF}[str(fmt)]
            assert media in allowed, f"{name}: {media} is not one of {sorted(allowed)}"
        answer = manifest.value(expected, MF.expectedBoolean)
        if answer is not None:
            assert media == "application/sparql-results+json", f"{name}: ask for JSON by default"
            assert json.loads(body)["boolean"] == answer.toPython()
