"""Nothing named inside data or queries is ever fetched: a JSON-LD @context, an owl:imports, an RDF/XML
entity, a SERVICE endpoint or a FROM graph. Each test points at a local HTTP server that records every
request it gets, and checks it got none."""

from __future__ import annotations

import http.server
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest


class _Recorder(http.server.BaseHTTPRequestHandler):
    requests: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.requests.append(self.path)
        body = b'{"@context": {"label": "http://www.w3.org/2000/01/rdf-schema#label"}}'
        self.send_response(200)
        self.send_header("Content-Type", "application/ld+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET  # noqa: N815

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def recorder() -> Iterator[tuple[str, list[str]]]:
    handler = type("Recorder", (_Recorder,), {"requests": []})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", handler.requests
    server.shutdown()


def test_remote_jsonld_context_is_never_fetched(chronicle, repo_copy, tmp_path, recorder):
    url, requests = recorder
    (tmp_path / "records.jsonld").write_text(
        f'{{"@context": "{url}/context.jsonld", "@id": "https://w3id.org/chronicle-kg/id/org/x", "label": "X"}}')
    run = chronicle("--root", repo_copy, "validate", tmp_path / "records.jsonld")
    assert run.exit_code == 2, run
    assert "records.jsonld" in run.stderr and "is never fetched: put the context inline" in run.stderr
    assert requests == []


def test_rdf_xml_with_a_doctype_is_refused_before_parsing(chronicle, repo_copy, tmp_path, recorder):
    url, requests = recorder
    (tmp_path / "records.rdf").write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [ <!ENTITY ext SYSTEM "{url}/entity"> ]>\n'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        'xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">'
        '<rdf:Description rdf:about="https://w3id.org/chronicle-kg/id/org/x"><rdfs:label>&ext;</rdfs:label>'
        "</rdf:Description></rdf:RDF>\n")
    run = chronicle("--root", repo_copy, "validate", tmp_path / "records.rdf")
    assert run.exit_code == 2, run
    assert "RDF/XML with a DOCTYPE is refused" in run.stderr
    assert requests == []


def test_rdf_xml_without_a_doctype_is_read(chronicle, repo_copy, tmp_path):
    (tmp_path / "records.rdf").write_text(
        '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        'xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:ck="https://w3id.org/chronicle-kg/ontology#">'
        '<ck:Organization rdf:about="https://w3id.org/chronicle-kg/id/org/x"><rdfs:label>X</rdfs:label>'
        "</ck:Organization></rdf:RDF>\n")
    run = chronicle("--root", repo_copy, "validate", tmp_path / "records.rdf")
    assert run.exit_code == 0, run


def test_owl_imports_is_never_followed(chronicle, repo_copy, tmp_path, recorder):
    url, requests = recorder
    (tmp_path / "records.ttl").write_text(
        "@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
        f"<https://w3id.org/chronicle-kg/id/dataset/mine> owl:imports <{url}/more.ttl> .\n")
    run = chronicle("--root", repo_copy, "validate", tmp_path / "records.ttl")
    assert "Traceback" not in run.stderr, run
    assert requests == []


@pytest.mark.parametrize("query", [
    "SELECT * WHERE { SERVICE <{url}/sparql> { ?s ?p ?o } }",
    "SELECT * FROM <{url}/graph.ttl> WHERE { ?s ?p ?o }",
    "SELECT * FROM NAMED <{url}/graph.ttl> WHERE { GRAPH ?g { ?s ?p ?o } }",
    "LOAD <{url}/graph.ttl>",
])
def test_queries_never_reach_out(chronicle, recorder, query):
    url, requests = recorder
    run = chronicle("sparql", query.replace("{url}", url))
    assert run.exit_code == 2, run
    assert requests == []


def test_server_never_reaches_out(live, recorder):
    url, requests = recorder
    for query in (f"SELECT * WHERE {{ SERVICE <{url}/sparql> {{ ?s ?p ?o }} }}",
                  f"SELECT * FROM <{url}/g> WHERE {{ ?s ?p ?o }}"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{live.url}/sparql?query={urllib.parse.quote(query)}")
        assert refused.value.code == 400
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{live.url}/sparql?query=ASK%7B%7D&named-graph-uri={urllib.parse.quote(url)}")
    assert refused.value.code == 400
    assert requests == []
