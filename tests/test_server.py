"""`chronicle serve` with real clients: SPARQLWrapper on every result format, rdflib dereferencing IRIs,
plain HTTP for the protocol's errors, and many concurrent clients. One server runs for the whole module."""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import signal
import time
import urllib.parse
import urllib.request

import pytest
import rdflib
from conftest import start_server, stop_server
from SPARQLWrapper import CSV, JSON, JSONLD, N3, TSV, TURTLE, XML, SPARQLWrapper

pytestmark = pytest.mark.server

CK = "https://w3id.org/chronicle-kg/ontology#"
SYSTEM = "https://w3id.org/chronicle-kg/id/system/internlm-20b"
SCORES = ("PREFIX ck: <https://w3id.org/chronicle-kg/ontology#> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
          "SELECT ?label ?value WHERE { ?claim a ck:ScoreClaim ; ck:system ?s ; ck:value ?value ; ck:benchmark ?b . "
          "?b rdfs:label ?label } ORDER BY ?label")
SEED_SCORES = [("ARC AI2", "75.6"), ("BBH", "36.67"), ("GSM8K", "62.9"), ("HellaSwag", "70.8"),
               ("LAMBADA", "71.8"), ("PIQA", "60.6")]
EXPENSIVE = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


def fetch(url: str, method: str = "GET", headers: dict[str, str] | None = None,
          body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request, redirects not followed: status, headers (lower-case names), body."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    connection.request(method, target, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def sparql(live, query: str, fmt: str, method: str = "GET") -> object:
    client = SPARQLWrapper(f"{live.url}/sparql")
    client.setQuery(query)
    client.setReturnFormat(fmt)
    client.setMethod(method)
    return client.query().convert()


# -- SPARQL 1.1 Protocol with SPARQLWrapper ----------------------------------------------------------------

@pytest.mark.parametrize("method", ["GET", "POST"])
def test_select_as_json_with_sparqlwrapper(live, method):
    document = sparql(live, SCORES, JSON, method)
    rows = [(b["label"]["value"], b["value"]["value"]) for b in document["results"]["bindings"]]
    assert rows == SEED_SCORES
    assert document["results"]["bindings"][0]["value"]["datatype"] == "http://www.w3.org/2001/XMLSchema#decimal"


def test_select_as_xml_with_sparqlwrapper(live):
    document = sparql(live, SCORES, XML)
    results = document.getElementsByTagName("result")
    values = [r.getElementsByTagName("literal")[1].firstChild.data for r in results]
    assert values == [v for _, v in SEED_SCORES]


@pytest.mark.parametrize("fmt, separator", [(CSV, ","), (TSV, "\t")])
def test_select_as_csv_and_tsv_with_sparqlwrapper(live, fmt, separator):
    text = sparql(live, SCORES, fmt).decode("utf-8")
    lines = text.splitlines()
    assert lines[0] == ("label,value" if fmt == CSV else "?label\t?value")
    first = lines[1].split(separator)
    assert first == (["ARC AI2", "75.6"] if fmt == CSV
                     else ['"ARC AI2"', '"75.6"^^<http://www.w3.org/2001/XMLSchema#decimal>'])
    assert len(lines) == 7


def test_ask_with_sparqlwrapper(live):
    assert sparql(live, f"ASK {{ <{SYSTEM}> a <{CK}System> }}", JSON)["boolean"] is True
    assert sparql(live, f"ASK {{ <{SYSTEM}> a <{CK}Benchmark> }}", JSON)["boolean"] is False


@pytest.mark.parametrize("fmt", [TURTLE, N3, JSONLD])
def test_construct_and_describe_as_rdf_with_sparqlwrapper(live, fmt):
    graph = sparql(live, f"CONSTRUCT {{ <{SYSTEM}> ?p ?o }} WHERE {{ <{SYSTEM}> ?p ?o }}", fmt)
    if isinstance(graph, bytes):
        graph = rdflib.Graph().parse(data=graph, format="turtle" if fmt != JSONLD else "json-ld")
    assert (rdflib.URIRef(SYSTEM), rdflib.RDFS.label, rdflib.Literal("internlm-20b")) in graph
    described = sparql(live, f"DESCRIBE <{SYSTEM}>", TURTLE)
    described = described if isinstance(described, rdflib.Graph) else rdflib.Graph().parse(data=described)
    assert (rdflib.URIRef(SYSTEM), rdflib.RDF.type, rdflib.URIRef(CK + "System")) in described


@pytest.mark.parametrize("accept, expected", [
    ("application/sparql-results+json", "application/sparql-results+json"),
    ("application/sparql-results+xml", "application/sparql-results+xml"),
    ("text/csv", "text/csv"),
    ("text/tab-separated-values", "text/tab-separated-values"),
    ("text/html;q=0.9, text/csv;q=0.5", "text/csv"),
    ("*/*", "application/sparql-results+json"),
])
def test_select_result_format_follows_accept(live, accept, expected):
    query = urllib.parse.quote("SELECT ?s WHERE { ?s a <https://w3id.org/chronicle-kg/ontology#System> }")
    status, headers, _ = fetch(f"{live.url}/sparql?query={query}", headers={"Accept": accept})
    assert status == 200
    assert headers["content-type"].split(";")[0] == expected
    assert headers["vary"] == "Accept"


def test_format_parameter_overrides_accept(live):
    query = urllib.parse.quote("SELECT ?s WHERE { ?s a <https://w3id.org/chronicle-kg/ontology#System> }")
    status, headers, body = fetch(f"{live.url}/sparql?query={query}&format=csv", headers={"Accept": "text/html"})
    assert (status, headers["content-type"].split(";")[0]) == (200, "text/csv")
    assert body.decode().splitlines()[0] == "s"


def test_nothing_acceptable_is_406(live):
    query = urllib.parse.quote("ASK {}")
    status, _, body = fetch(f"{live.url}/sparql?query={query}", headers={"Accept": "image/png"})
    assert status == 406
    assert b"application/sparql-results+json" in body


def test_service_description_on_get_without_query(live):
    status, headers, body = fetch(f"{live.url}/sparql", headers={"Accept": "text/turtle"})
    assert status == 200 and headers["content-type"].startswith("text/turtle")
    graph = rdflib.Graph().parse(data=body, format="turtle")
    sd = rdflib.Namespace("http://www.w3.org/ns/sparql-service-description#")
    assert (rdflib.URIRef(f"{live.url}/sparql"), rdflib.RDF.type, sd.Service) in graph
    assert (None, sd.supportedLanguage, sd.SPARQL11Query) in graph


def test_post_direct_and_form_give_the_same_rows(live):
    form = urllib.parse.urlencode({"query": SCORES}).encode()
    direct = fetch(f"{live.url}/sparql", "POST", {"Content-Type": "application/sparql-query",
                                                  "Accept": "text/csv"}, SCORES.encode())
    encoded = fetch(f"{live.url}/sparql", "POST", {"Content-Type": "application/x-www-form-urlencoded",
                                                   "Accept": "text/csv"}, form)
    assert direct[0] == encoded[0] == 200
    assert direct[2] == encoded[2]
    assert direct[2].decode().splitlines()[1] == "ARC AI2,75.6"


# -- refusals: read-only, no reaching out, bad input ------------------------------------------------------

@pytest.mark.parametrize("method, headers, body, path, status, message", [
    ("POST", {"Content-Type": "application/sparql-update"}, b"INSERT DATA { <a:b> <a:b> <a:b> }", "", 403,
     "read-only"),
    ("POST", {"Content-Type": "application/x-www-form-urlencoded"}, b"update=CLEAR%20ALL", "", 403, "read-only"),
    ("GET", {}, None, "?query=" + urllib.parse.quote("INSERT DATA { <a:b> <a:b> <a:b> }"), 403, "read-only"),
    ("GET", {}, None, "?query=" + urllib.parse.quote("SELECT * WHERE { SERVICE <http://example.org/> { ?s ?p ?o } }"),
     400, "SERVICE"),
    ("GET", {}, None, "?query=" + urllib.parse.quote("SELECT * FROM <file:///etc/passwd> WHERE { ?s ?p ?o }"), 400,
     "the store holds no such graph"),
    ("GET", {}, None, "?query=ASK%7B%7D&default-graph-uri=" + urllib.parse.quote("http://example.org/elsewhere"),
     400, "the store holds no graph http://example.org/elsewhere"),
    ("GET", {}, None, "?query=" + urllib.parse.quote("SELECT * WHERE { ?s ?p }"), 400, "error at 1:"),
    ("GET", {}, None, "?query=ASK%7B%7D&query=ASK%7B%7D", 400, "exactly one query"),
    ("POST", {"Content-Type": "text/plain"}, b"ASK {}", "", 415, "application/sparql-query"),
    ("POST", {"Content-Type": "application/sparql-query"}, "ASK {}".encode("utf-16"), "", 400, "not UTF-8"),
    ("PUT", {}, b"", "", 405, "not allowed"),
], ids=["update-direct", "update-form", "update-as-query", "service", "from-file", "protocol-dataset-elsewhere",
        "syntax", "two-queries", "wrong-media-type", "utf-16", "put"])
def test_bad_requests_get_a_4xx_with_the_reason(live, method, headers, body, path, status, message):
    got, response_headers, text = fetch(f"{live.url}/sparql{path}", method, headers, body)
    assert got == status, text
    assert message in text.decode("utf-8")
    assert response_headers["content-type"].startswith("text/plain")


def test_oversized_request_is_413(live):
    status, _, body = fetch(f"{live.url}/sparql", "POST", {"Content-Type": "application/sparql-query"},
                            b"#" * (1024 * 1024 + 1))
    assert status == 413
    assert b"the limit is 1048576" in body


def test_result_over_the_row_limit_is_refused_not_cut(live):
    query = urllib.parse.quote("SELECT * WHERE { ?s ?p ?o }")
    status, _, body = fetch(f"{live.url}/sparql?query={query}")
    assert status == 400
    assert b"more than 1000 rows" in body and b"LIMIT" in body


def test_query_past_the_time_limit_is_stopped_and_others_are_answered(live):
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        started = time.monotonic()
        expensive = pool.submit(fetch, f"{live.url}/sparql?query={urllib.parse.quote(EXPENSIVE)}")
        time.sleep(0.5)
        unkept = SCORES + "\n# asked only here, so no kept answer stands in for a worker's"
        quick = fetch(f"{live.url}/sparql?query={urllib.parse.quote(unkept)}", headers={"Accept": "text/csv"})
        quick_elapsed = time.monotonic() - started
        status, _, body = expensive.result()
    assert quick[0] == 200 and quick[2].decode().splitlines()[1] == "ARC AI2,75.6"
    assert quick_elapsed < 3, "a quick query waited for the expensive one"
    assert status == 503
    assert b"time limit of 3 s" in body
    after = fetch(f"{live.url}/sparql?query={urllib.parse.quote(SCORES)}", headers={"Accept": "text/csv"})
    assert after[0] == 200


def test_fifty_concurrent_clients_all_get_correct_answers(live):
    def scorecard(_: int) -> list[str]:
        status, _, body = fetch(f"{live.url}/queries/scorecard.csv?system=internlm-20b")
        assert status == 200
        return body.decode().splitlines()

    with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(scorecard, range(50)))
    assert len(answers) == 50
    assert all(answer == answers[0] for answer in answers)
    assert answers[0][1].startswith("ARC AI2,75.6,")


# -- canned queries over HTTP ---------------------------------------------------------------------------------

def test_catalogue_lists_every_canned_query(live, served_root):
    status, headers, body = fetch(f"{live.url}/queries", headers={"Accept": "application/json"})
    assert status == 200 and headers["content-type"].startswith("application/json")
    names = [q["name"] for q in json.loads(body)]
    assert sorted(names) == sorted(p.stem for p in (served_root / "queries").glob("*.rq"))


@pytest.mark.parametrize("suffix, accept, media", [
    (".json", "", "application/json"), (".csv", "", "text/csv"), ("", "application/json", "application/json"),
    ("", "text/csv", "text/csv"), ("", "text/html", "text/html"),
])
def test_canned_query_by_extension_or_accept(live, suffix, accept, media):
    status, headers, body = fetch(f"{live.url}/queries/scorecard{suffix}?system=internlm-20b",
                                  headers={"Accept": accept} if accept else {})
    assert status == 200
    assert headers["content-type"].split(";")[0] == media
    text = body.decode()
    if media == "application/json":
        rows = json.loads(text)["results"]["bindings"]
        assert rows[0]["benchmark"]["value"] == "ARC AI2" and rows[0]["score"]["value"] == "75.6"
    else:
        assert "ARC AI2" in text and "75.6" in text


@pytest.mark.parametrize("query, message", [
    ("scorecard.json", "query scorecard needs --param system=..."),
    ("scorecard.json?system=internlm-2b", "no system 'internlm-2b' in the graph (closest: internlm-20b"),
    ("scorecard.json?system=x&colour=red", "query scorecard has no parameter 'colour'"),
    ("timeline.json?from=yesterday", "'yesterday' is not a date"),
])
def test_canned_query_errors_are_the_cli_errors(live, query, message):
    status, _, body = fetch(f"{live.url}/queries/{query}")
    assert status == 400
    assert message in body.decode()


def test_unknown_canned_query_is_404(live):
    status, _, body = fetch(f"{live.url}/queries/scorecards.json")
    assert status == 404
    assert "scorecard" in body.decode()


# -- linked data ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("accept, document", [
    ("text/html", "/doc/id/system/internlm-20b.html"),
    ("text/turtle", "/doc/id/system/internlm-20b.ttl"),
    ("application/n-triples", "/doc/id/system/internlm-20b.nt"),
    ("application/ld+json", "/doc/id/system/internlm-20b.jsonld"),
    ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "/doc/id/system/internlm-20b.html"),
])
def test_entity_iri_redirects_303_to_the_negotiated_document(live, accept, document):
    status, headers, _ = fetch(f"{live.url}/id/system/internlm-20b", headers={"Accept": accept})
    assert status == 303
    assert headers["location"] == document
    assert headers["vary"] == "Accept"


@pytest.mark.parametrize("path", ["/id/system/internlm-20b", "/id/milestone/internlm-math",
                                  "/vocab/significance/H2", "/id/dataset/epoch-benchmarks"])
def test_rdflib_dereferences_entity_iris(live, path):
    graph = rdflib.Graph().parse(f"{live.url}{path}")
    subject = rdflib.URIRef("https://w3id.org/chronicle-kg" + path)
    assert (subject, rdflib.RDF.type, None) in graph
    assert len(graph) >= 3


def test_unknown_entity_is_404_with_close_matches(live):
    status, _, body = fetch(f"{live.url}/id/system/internlm-2ob", headers={"Accept": "text/html"})
    assert status == 404
    assert 'href="/id/system/internlm-20b"' in body.decode()


def test_ontology_and_graphs_resolve(live):
    status, headers, body = fetch(f"{live.url}/ontology", headers={"Accept": "text/turtle"})
    assert status == 200 and headers["content-type"].startswith("text/turtle")
    ontology = rdflib.Graph().parse(data=body, format="turtle")
    assert (rdflib.URIRef(CK + "ScoreClaim"), rdflib.RDF.type, rdflib.OWL.Class) in ontology
    status, _, body = fetch(f"{live.url}/graph/epoch-benchmarks", headers={"Accept": "application/n-triples"})
    assert status == 200 and len(body.decode().splitlines()) == 66


def test_dumps_are_the_build_dumps(live, served_root, chronicle, tmp_path):
    run = chronicle("--root", served_root, "build", "--out", tmp_path)
    assert run.exit_code == 0, run
    for name in ("chronicle.ttl", "chronicle.nt", "chronicle.jsonld"):
        status, _, body = fetch(f"{live.url}/dumps/{name}")
        assert status == 200
        assert body == (tmp_path / name).read_bytes()


def test_void_description_counts_the_graph_and_links_dumps_and_endpoint(live):
    graph = rdflib.Graph().parse(f"{live.url}/.well-known/void")
    void = rdflib.Namespace("http://rdfs.org/ns/void#")
    dataset = rdflib.URIRef(f"{live.url}/.well-known/void")
    assert (dataset, void.sparqlEndpoint, rdflib.URIRef(f"{live.url}/sparql")) in graph
    assert (dataset, void.dataDump, rdflib.URIRef(f"{live.url}/dumps/chronicle.nt")) in graph
    assert int(graph.value(dataset, void.triples)) > 1000
    subset = graph.value(predicate=rdflib.DCTERMS.identifier,
                         object=rdflib.URIRef("https://w3id.org/chronicle-kg/graph/epoch-benchmarks"))
    assert (dataset, void.subset, subset) in graph
    assert int(graph.value(subset, void.triples)) == 66
    assert str(graph.value(subset, rdflib.URIRef(CK + "attribution"))) == "chronicle-kg seed records, CC BY 4.0"


# -- HTML pages ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path, expected", [
    ("/doc/id/system/internlm-20b.html", "Leads on 6 of 6 benchmarks"),
    ("/doc/id/milestone/internlm-math.html", "Verification history"),
    ("/doc/id/org/shanghai-ai-laboratory.html", "Also known as InternLM team; InternLM team (Shanghai AI"),
    ("/doc/id/benchmark/hellaswag.html", "HellaSwag</a> leaderboard"),
    ("/timeline", "<svg class=\"chart\""),
    ("/query", "Canned query"),
    ("/", "Organizations"),
])
def test_html_pages_render_with_security_headers(live, path, expected):
    status, headers, body = fetch(f"{live.url}{path}", headers={"Accept": "text/html"})
    assert status == 200
    assert expected in body.decode()
    assert "default-src 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert "cdn" not in body.decode().lower() and "<script" not in body.decode()


def test_benchmark_page_shows_the_first_places_and_links_to_every_place(live):
    pages = {}
    for query in ("?top=1&reproduced_only=false", "", "?top=0"):
        status, _, body = fetch(f"{live.url}/doc/id/benchmark/arc-ai2.html{query}")
        assert status == 200 and body.decode().count("<tr><td>1</td>") == 1, query  # one system is ranked
        pages[query] = body.decode()
    link = '<a href="?top=0&amp;reproduced_only=false">Show every place</a>'
    assert f"Places 1 to 1 of the board. {link}" in pages["?top=1&reproduced_only=false"]
    assert "Show every place" not in pages[""] + pages["?top=0"]  # 1 row is under the default 100
    status, _, body = fetch(f"{live.url}/doc/id/benchmark/arc-ai2.html?top=-1")
    assert status == 400 and "parameter top" in body.decode() and "is not a count" in body.decode()


def test_pages_escape_data_and_link_only_http_iris(live):
    status, _, body = fetch(f"{live.url}/doc/id/org/hostile-lab.html")
    text = body.decode()
    assert status == 200
    assert "<script>" not in text
    assert "&lt;script&gt;document.title=" in text
    assert 'href="javascript:' not in text
    assert "javascript:alert(1)" in text  # shown as text, not a link


def test_pages_link_entities_to_this_server(live):
    _, _, body = fetch(f"{live.url}/doc/id/system/internlm-20b.html")
    text = body.decode()
    assert 'href="/id/benchmark/arc-ai2"' in text
    assert 'href="/id/org/shanghai-ai-laboratory"' in text


@pytest.mark.parametrize("path, accept, expected", [
    ("/ontology", "text/html", "ScoreClaim"),
    ("/vocab/evidence-level", "text/html", "E5"),
])
def test_ontology_and_vocabulary_documentation_at_their_namespace_iris(live, path, accept, expected):
    status, headers, body = fetch(f"{live.url}{path}", headers={"Accept": accept})
    if status == 303:
        status, headers, body = fetch(f"{live.url}{headers['location']}", headers={"Accept": accept})
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert expected in body.decode()
    assert "frame-ancestors 'none'" in headers["content-security-policy"]


def test_a_graph_that_does_not_conform_is_not_served(chronicle, repo_copy):
    bad = repo_copy / "data" / "test-bad"
    bad.mkdir()
    (bad / "bad.ttl").write_text("@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .\n"
                                 "<https://w3id.org/chronicle-kg/id/system/nameless> a ck:System .\n")
    run = chronicle("--root", repo_copy, "serve", "--port", "0")
    assert run.exit_code == 1, run
    assert "data/test-bad/bad.ttl:2" in run.stdout and "does not conform" in run.stderr

    server = start_server(repo_copy, "--no-validate")
    try:
        status, _, body = fetch(f"{server.url}/doc/id/system/nameless.nt")
        assert status == 200 and b"ontology#System" in body
    finally:
        stop_server(server)


# -- HTTP caching and persistent connections ---------------------------------------------------------------

SCORECARD = "/queries/scorecard?system=internlm-20b"


def test_answers_carry_a_strong_etag_and_a_matching_if_none_match_gets_304(live):
    status, headers, body = fetch(f"{live.url}{SCORECARD}", headers={"Accept": "application/json"})
    tag = headers["etag"]
    assert status == 200 and tag.startswith('"') and tag.endswith('"') and not tag.startswith("W/")
    again = fetch(f"{live.url}{SCORECARD}", headers={"Accept": "application/json"})
    assert again == (200, {**headers, "date": again[1]["date"]}, body)
    for sent in (tag, f'"other", W/{tag}', "*"):
        status, not_modified, empty = fetch(f"{live.url}{SCORECARD}",
                                            headers={"Accept": "application/json", "If-None-Match": sent})
        assert (status, empty, not_modified["etag"], not_modified["vary"]) == (304, b"", tag, "Accept")
        assert "content-length" not in not_modified and "content-type" not in not_modified
    status, headers_csv, _ = fetch(f"{live.url}{SCORECARD}", headers={"Accept": "text/csv", "If-None-Match": tag})
    assert status == 200 and headers_csv["etag"] != tag  # another representation, another tag
    assert fetch(f"{live.url}{SCORECARD}", "HEAD", {"Accept": "application/json"})[1]["etag"] == tag


def test_the_etag_is_the_same_across_servers_of_the_same_graph(live, served_root):
    other = start_server(served_root, "--cache", 0)
    try:
        first = fetch(f"{live.url}{SCORECARD}", headers={"Accept": "text/csv"})
        second = fetch(f"{other.url}{SCORECARD}", headers={"Accept": "text/csv"})
        assert first[1]["etag"] == second[1]["etag"] and first[2] == second[2]
        assert fetch(f"{other.url}{SCORECARD}", headers={"Accept": "text/csv", "If-None-Match": first[1]["etag"]})[0] == 304
    finally:
        stop_server(other)


def test_errors_and_posts_carry_no_etag(live):
    status, headers, _ = fetch(f"{live.url}/id/system/no-such-system")
    assert status == 404 and "etag" not in headers
    status, headers, _ = fetch(f"{live.url}/sparql", "POST", {"Content-Type": "application/sparql-query"},
                               SCORES.encode())
    assert status == 200 and "etag" not in headers


def test_a_stopped_query_is_not_kept(live):
    url = f"{live.url}/sparql?query={urllib.parse.quote(EXPENSIVE + ' # not kept')}"
    for _ in range(2):
        started = time.monotonic()
        status, _, body = fetch(url)
        assert status == 503 and b"time limit" in body
        assert time.monotonic() - started >= 2.5, f"a refusal was given again without running the query: {body}"


def test_one_kept_alive_connection_answers_many_requests_without_stalls(live):
    parts = urllib.parse.urlsplit(live.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", SCORECARD, headers={"Accept": "text/csv"})
    expected = connection.getresponse().read()
    socket_used = connection.sock
    elapsed = []
    for _ in range(20):
        started = time.monotonic()
        connection.request("GET", SCORECARD, headers={"Accept": "text/csv"})
        response = connection.getresponse()
        assert (response.status, response.read(), response.will_close) == (200, expected, False)
        elapsed.append(time.monotonic() - started)
    assert connection.sock is socket_used  # the same connection all along
    connection.close()
    # Status line and headers written apart from the body wait for the client's delayed ACK (40 ms) each time.
    assert sorted(elapsed)[len(elapsed) // 2] < 0.03, elapsed


def test_sigterm_stops_the_server_and_removes_its_temporary_store(repo_root, tmp_path):
    server = start_server(repo_root, "--workers", 1, env={"TMPDIR": str(tmp_path)})
    assert [p.name[:16] for p in tmp_path.iterdir()] == ["chronicle-serve-"]  # the store and dumps it serves
    assert fetch(f"{server.url}/queries/scorecard.json?system=internlm-20b")[0] == 200
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=30) == 0
    assert list(tmp_path.iterdir()) == []
