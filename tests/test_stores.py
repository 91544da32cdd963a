"""The same commands on every store: Oxigraph in memory, Oxigraph on disk, and a real SPARQL server
(the `oxigraph` server of the test extra, started on 127.0.0.1) loaded with `chronicle push`.

CHRONICLE_TEST_ENDPOINT (a SPARQL query URL) points the server tests at another, already running engine
instead (with CHRONICLE_TEST_STORE_URL, its Graph Store Protocol URL, for the push; CHRONICLE_SPARQL_USER
and CHRONICLE_SPARQL_PASSWORD, if set, are passed on): scripts/virtuoso-check runs them on Virtuoso."""

from __future__ import annotations

import contextlib
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import rdflib

from chronicle_kg import Chronicle
from chronicle_kg.remote import Endpoint
from conftest import copy_repository
from test_queries import EXTRA_2_TTL, EXTRA_TTL, SEED_ARGUMENTS

SERVER = shutil.which("oxigraph") or str(Path(sys.executable).with_name("oxigraph"))

# Representative parameters: the seed figures, and the cases the extended data makes interesting.
# Known engine failures (docs/engines.md), skipped with their reason only on that engine.
FAILS_ON_VIRTUOSO = {
    "fact-checks": "Virtuoso 7.2 cannot compile it (SQ156 'Bad dfe in sqlo_place_exp') in any form tried: "
                   "an aggregate over all attribute claims joined with the optional ?entity parameter",
}
CASES = [(name, args) for name, args in SEED_ARGUMENTS.items()] + [
    ("scorecard", {"system": "test-model"}),
    ("scorecard", {"system": "test-model", "include_superseded": "true"}),
    ("scorecard-summary", {"system": "test-model"}),
    ("leaderboard", {"benchmark": "lambada", "reproduced_only": "true"}),
    ("leaderboard", {"benchmark": "lambada"}),
    ("scorecard-status-counts", {"system": "test-model"}),
    ("scorecard-status-counts", {"system": "test-model", "include_superseded": "true"}),
    ("evidence-summary", {"include_superseded": "true"}),
    ("leaderboard", {"benchmark": "test-perplexity"}),
    ("leaderboard", {"benchmark": "test-harness"}),
    ("timeline", {"problem": "math-benchmark"}),
    ("timeline", {"org": "test-lab", "min_significance": "H2"}),
    ("timeline", {"from": "2024-02-10", "to": "2025-03-01"}),
    ("evidence-as-of", {"milestone": "test-prover", "date": "2025-04-01"}),
    ("milestone-links", {"milestone": "test-prover"}),
    ("milestone-history", {"milestone": "test-prover"}),
    ("facts", {"entity": "test-model"}),
    ("facts-summary", {"entity": "test-model"}),
    ("transcription-conflicts", {"system": "test-model"}),
]

# A second transcription of the extra data's test report, for the cross-data-set queries.
EXTRA_3_TTL = """\
@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .
@prefix benchmark: <https://w3id.org/chronicle-kg/id/benchmark/> .
@prefix claim: <https://w3id.org/chronicle-kg/id/claim/> .
@prefix claim-tier: <https://w3id.org/chronicle-kg/vocab/claim-tier/> .
@prefix dataset: <https://w3id.org/chronicle-kg/id/dataset/> .
@prefix evidence-status: <https://w3id.org/chronicle-kg/vocab/evidence-status/> .
@prefix org: <https://w3id.org/chronicle-kg/id/org/> .
@prefix source: <https://w3id.org/chronicle-kg/id/source/> .
@prefix system: <https://w3id.org/chronicle-kg/id/system/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

dataset:test-extra-3 a ck:DataSet ;
    ck:title "test_extra_3" ;
    ck:publisher org:chronicle-kg ;
    ck:issued "2026-11-29"^^xsd:date .

claim:test-model--hellaswag--test-report--test-extra-3 a ck:ScoreClaim ;
    ck:system system:test-model ; ck:benchmark benchmark:hellaswag ; ck:value 78.1 ;
    ck:evidenceStatus evidence-status:third-party-report ; ck:claimTier claim-tier:T2 ;
    ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra-3 .
"""


def typed_rows(result) -> tuple[list[str], list[list[tuple[str, str, str | None, str | None]]]]:
    """Rows with every value as (kind, lexical form, datatype, language): equal only when typed alike."""
    def typed(term):
        if term is None:
            return ("unbound", "", None, None)
        if isinstance(term, rdflib.Literal):
            return ("literal", str(term), str(term.datatype) if term.datatype else None, term.language)
        return ("iri", str(term), None, None)
    return result.variables, [[typed(row.get(v)) for v in result.variables] for row in result.rows]


@pytest.fixture(scope="module")
def extended_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_repository(tmp_path_factory.mktemp("stores") / "chronicle")
    for folder, text in (("test-extra", EXTRA_TTL), ("test-extra-2", EXTRA_2_TTL), ("test-extra-3", EXTRA_3_TTL)):
        (root / "data" / folder).mkdir()
        (root / "data" / folder / "extra.ttl").write_text(text, encoding="utf-8")
    return root


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass(frozen=True)
class _Server:
    """Where the server tests send queries (query_url) and graphs (store_url)."""

    query_url: str
    store_url: str

    def endpoint(self) -> Endpoint:
        return Endpoint(self.query_url, self.store_url, os.environ.get("CHRONICLE_SPARQL_USER"),
                        os.environ.get("CHRONICLE_SPARQL_PASSWORD"),
                        float(os.environ.get("CHRONICLE_SPARQL_TIMEOUT", "30")))


@pytest.fixture(scope="module")
def sparql_server() -> Iterator[_Server]:
    """A fresh in-memory Oxigraph server on 127.0.0.1 whose default graph is the union of its graphs,
    or the engine CHRONICLE_TEST_ENDPOINT names (started and stopped by whoever set it)."""
    if os.environ.get("CHRONICLE_TEST_ENDPOINT"):
        if not os.environ.get("CHRONICLE_TEST_STORE_URL"):
            pytest.skip("CHRONICLE_TEST_ENDPOINT needs CHRONICLE_TEST_STORE_URL, its Graph Store Protocol URL")
        yield _Server(os.environ["CHRONICLE_TEST_ENDPOINT"], os.environ["CHRONICLE_TEST_STORE_URL"])
        return
    if not Path(SERVER).exists():
        pytest.skip("the oxigraph server is not installed: pip install '.[test]'")
    port = _free_port()
    process = subprocess.Popen([SERVER, "serve", "--bind", f"127.0.0.1:{port}", "--union-default-graph"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield _Server(f"{base}/query", f"{base}/store")
    finally:
        process.terminate()
        process.wait(timeout=10)


def _remote_env(server: _Server) -> dict[str, str]:
    return {"CHRONICLE_STORE": f"sparql:{server.query_url}", "CHRONICLE_SPARQL_STORE_URL": server.store_url}


@pytest.fixture(scope="module")
def pushed(sparql_server: _Server, extended_root: Path) -> _Server:
    from conftest import start_chronicle
    run = start_chronicle("--root", extended_root, "push", env=_remote_env(sparql_server)).result()
    assert run.exit_code == 0, run
    return sparql_server


@pytest.mark.server
def test_push_replaces_every_graph_and_reports_its_triples(pushed, extended_root, chronicle):
    run = chronicle("--root", extended_root, "push", env=_remote_env(pushed))
    assert run.exit_code == 0, run
    graphs = [line.split()[1].rstrip(":") for line in run.out_lines]
    assert graphs == sorted(f"https://w3id.org/chronicle-kg/graph/{g}" for g in (
        "chronicle", "curated-param-counts", "epoch-benchmarks", "leaderboard-ranks", "ontology", "test-extra",
        "test-extra-2", "test-extra-3", "vocabularies"))
    assert all(line.startswith("replaced ") and line.endswith(" triples") for line in run.out_lines)


@pytest.mark.server
@pytest.mark.parametrize("name, arguments", CASES, ids=[f"{n}-{'-'.join(a.values()) or 'all'}" for n, a in CASES])
def test_every_canned_query_gives_identical_rows_on_the_sparql_server(pushed, extended_root, name, arguments):
    if name in FAILS_ON_VIRTUOSO and "virtuoso" in os.environ.get("CHRONICLE_TEST_ENGINE", ""):
        pytest.skip(FAILS_ON_VIRTUOSO[name])
    local = Chronicle.open(extended_root).query(name, **arguments)
    remote = Chronicle.open(extended_root, f"sparql:{pushed.query_url}", pushed.endpoint()).query(name, **arguments)
    assert typed_rows(remote) == typed_rows(local)
    assert local.rows or name in ("milestone-corrections", "timeline"), "a case that returns nothing proves little"


def test_build_into_an_on_disk_store_is_reused_by_queries(repo_copy, tmp_path, chronicle):
    store = f"oxigraph:{tmp_path / 'store'}"
    assert chronicle("--root", repo_copy, "--store", store, "build").exit_code == 0
    on_disk = chronicle("--root", repo_copy, "--store", store, "query", "scorecard",
                        "--param", "system=internlm-20b", "--format", "csv")
    in_memory = chronicle("--root", repo_copy, "query", "scorecard", "--param", "system=internlm-20b",
                          "--format", "csv")
    assert on_disk.exit_code == 0, on_disk
    assert on_disk.stdout == in_memory.stdout
    # The store is read as built: removing the data afterwards does not change the answer.
    shutil.rmtree(repo_copy / "data" / "epoch-benchmarks")
    again = chronicle("--root", repo_copy, "--store", store, "query", "scorecard", "--param", "system=internlm-20b",
                      "--format", "csv")
    assert again.stdout == in_memory.stdout


def test_query_on_a_store_that_was_never_built_says_what_to_do(tmp_path, chronicle):
    run = chronicle("--store", f"oxigraph:{tmp_path / 'none'}", "query", "timeline")
    assert run.exit_code == 2
    assert "run chronicle build --store oxigraph:" in run.stderr
    assert not (tmp_path / "none").exists()


def test_unknown_store_kind_is_refused(chronicle):
    run = chronicle("--store", "postgres://x", "query", "timeline")
    assert run.exit_code == 2
    assert "use memory, oxigraph:PATH or sparql:URL" in run.stderr


def test_endpoint_that_is_down_gives_a_clear_error(chronicle):
    run = chronicle("--store", f"sparql:http://127.0.0.1:{_free_port()}/query", "query", "timeline")
    assert run.exit_code == 2
    assert "cannot reach the endpoint" in run.stderr
    assert "Traceback" not in run.stderr


class _Misbehaving(http.server.BaseHTTPRequestHandler):
    """Answers every request with the status, headers and body the test set on the server, and keeps
    the headers of every request it got."""

    def _answer(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.seen.append((self.command, dict(self.headers)))  # type: ignore[attr-defined]
        status, headers, body = self.server.answer  # type: ignore[attr-defined]
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = _answer

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def misbehaving(status: int, headers: dict[str, str], body: bytes) -> Iterator[http.server.ThreadingHTTPServer]:
    """A local HTTP server on 127.0.0.1 that gives every request the same answer."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Misbehaving)
    server.answer = (status, headers, body)  # type: ignore[attr-defined]
    server.seen = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def _url(server: http.server.ThreadingHTTPServer, path: str = "/query") -> str:
    return f"http://127.0.0.1:{server.server_address[1]}{path}"


JSON_RESULTS = {"Content-Type": "application/sparql-results+json"}


@pytest.mark.parametrize("answer, message", [
    ((200, {"Content-Type": "text/html"}, b"<html>maintenance</html>"), "not SPARQL JSON results"),
    ((401, {"Content-Type": "text/plain"}, b"who are you"), "Unauthorized"),
    ((403, {"Content-Type": "text/plain"}, b"no"), "403"),
    ((429, {"Content-Type": "text/plain"}, b"slow down"), "429"),
    ((503, {"Content-Type": "text/plain"}, b"busy"), "503"),
    ((206, JSON_RESULTS, b'{"head": {"vars": ["x"]}, "results": {"bindings": []}}'), "HTTP 206"),
    ((200, {**JSON_RESULTS, "X-SQL-State": "S1TAT"}, b'{"head": {"vars": ["x"]}, "results": {"bindings": []}}'),
     "partial results"),
    ((200, JSON_RESULTS, b'{"head": {"vars": ["x"]}, "results": '), "not SPARQL JSON results"),
], ids=["html", "401", "403", "429", "503", "206-partial", "virtuoso-truncated", "truncated-json"])
def test_misbehaving_endpoint_gives_an_error_never_rows(answer, message, chronicle):
    with misbehaving(*answer) as server:
        run = chronicle("--store", f"sparql:{_url(server)}", "query", "timeline", "--format", "csv")
    assert run.exit_code == 2, run
    assert message in run.stderr
    assert run.stdout == ""
    assert "Traceback" not in run.stderr


def test_slow_endpoint_times_out(chronicle):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()  # accepts connections, never answers
    try:
        run = chronicle("--store", f"sparql:http://127.0.0.1:{listener.getsockname()[1]}/query", "query",
                        "timeline", env={"CHRONICLE_SPARQL_TIMEOUT": "1"})
    finally:
        listener.close()
    assert run.exit_code == 2, run
    assert "timed out" in run.stderr.lower()


def test_credentials_are_not_sent_to_another_origin_after_a_redirect(chronicle):
    with misbehaving(200, JSON_RESULTS, b'{"head": {"vars": []}, "results": {"bindings": []}}') as elsewhere, \
            misbehaving(302, {"Location": _url(elsewhere)}, b"") as endpoint:
        chronicle("--store", f"sparql:{_url(endpoint)}", "query", "timeline",
                  env={"CHRONICLE_SPARQL_USER": "analyst", "CHRONICLE_SPARQL_PASSWORD": "secret"})
        assert any("Authorization" in headers for _, headers in endpoint.seen)
        assert elsewhere.seen, "the redirect was not followed"
        assert not any("Authorization" in headers for _, headers in elsewhere.seen)


def test_push_that_does_not_arrive_whole_is_an_error(chronicle):
    count_zero = b'{"head": {"vars": ["triples"]}, "results": {"bindings": [{"triples": {"type": "literal", ' \
                 b'"value": "0", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}}]}}'
    with misbehaving(200, JSON_RESULTS, count_zero) as server:
        run = chronicle("--store", f"sparql:{_url(server)}", "push",
                        env={"CHRONICLE_SPARQL_STORE_URL": _url(server, "/store")})
        puts = [method for method, _ in server.seen if method == "PUT"]
    assert run.exit_code == 2, run
    assert "holds 0 triples after the push" in run.stderr
    assert "graphs replaced before it: none" in run.stderr
    assert puts == ["PUT"], "a failed write is reported, never retried"


class _FailingAfter(http.server.BaseHTTPRequestHandler):
    """A Graph Store Protocol URL that passes the first PUTs on to the real server, then fails."""

    def do_PUT(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.puts += 1  # type: ignore[attr-defined]
        status = 500
        if self.server.puts <= self.server.allowed:  # type: ignore[attr-defined]
            query = self.path.partition("?")[2]
            forwarded = urllib.request.Request(f"{self.server.target}?{query}", data=body, method="PUT",  # type: ignore[attr-defined]
                                               headers={"Content-Type": self.headers["Content-Type"]})
            with urllib.request.urlopen(forwarded) as response:
                status = response.status
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.server
def test_push_failing_midway_names_the_graphs_it_replaced(sparql_server, repo_copy, chronicle):
    if os.environ.get("CHRONICLE_TEST_ENDPOINT"):
        pytest.skip("runs against the test's own Oxigraph server")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _FailingAfter)
    server.puts, server.allowed, server.target = 0, 2, sparql_server.store_url  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        run = chronicle("--root", repo_copy, "push", env={
            "CHRONICLE_STORE": f"sparql:{sparql_server.query_url}",
            "CHRONICLE_SPARQL_STORE_URL": f"http://127.0.0.1:{server.server_address[1]}/store"})
    finally:
        server.shutdown()
    assert run.exit_code == 2, run
    graph = "https://w3id.org/chronicle-kg/graph/"
    assert (f"graphs replaced before it: {graph}chronicle, {graph}curated-param-counts; {graph}epoch-benchmarks "
            "and the rest are as they were: push again") in run.stderr
