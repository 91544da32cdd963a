"""Property-based fuzzing (Hypothesis, a bounded number of examples) of the parameter binding, the loader and
the importers' row parsing. Canned-query parameters are values,
never syntax: hostile strings (quotes, \\u0022 escapes, braces,
`} UNION {`, `#`, newlines, very long strings, lone surrogates, non-UTF-8 bytes) either bind as the value
they are or are refused as a parameter error; the query's meaning never changes. The loader either loads a file or
reports it with its name (and line and column where the parser gives them), whatever the bytes."""

from __future__ import annotations

import pytest
import rdflib
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from chronicle_kg import Chronicle
from chronicle_kg.errors import ChronicleError, ParameterError
from chronicle_kg.params import parse_value
from chronicle_kg.query import with_values
from chronicle_kg.store import Store

HOSTILE = [
    '"', "'", '\\"', "\\u0022", "\\U00000022", '" } UNION { ?s ?p ?o } #', "} UNION {", "#", "\n", "\r\n",
    '"""', "'''", "\\", "<", ">", "<http://evil.example/>", "?s", "$this", "{", "}", "(", ")", ".", ";",
    'x" . ?s ?p ?o . FILTER("', "internlm-20b\"^^<http://www.w3.org/2001/XMLSchema#string>", "\x00",
    "\ud800", "\udfff", "a" * 100_000, "é" * 1000, "SERVICE <http://127.0.0.1:1/> { }", "LOAD <file:///etc/passwd>",
    "internlm-20b } UNION { ?s ?p ?o", "https://w3id.org/chronicle-kg/id/system/internlm-20b> } UNION { <x:y",
    "2025-01-01\"^^<http://www.w3.org/2001/XMLSchema#date> } UNION {", "true } UNION {", "H2> . ?s ?p ?o . <x:",
]
hostile_text = st.one_of(st.sampled_from(HOSTILE), st.text(min_size=0, max_size=200),
                         st.text(alphabet=st.sampled_from('"\'\\{}()<>#?$.;:/ \n\tu0022UNION'), max_size=60))
@pytest.fixture(scope="module")
def seed_graph(repo_root) -> Chronicle:
    return Chronicle.open(repo_root)


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(value=st.one_of(st.sampled_from(HOSTILE), st.text(max_size=300)))
@example(value="\\u0022) } UNION { ?s ?p ?o } #")
def test_any_string_binds_as_exactly_that_literal(value):
    """The binding layer: a string parameter comes back from the engine unchanged, in exactly one row."""
    if any(0xD800 <= ord(c) <= 0xDFFF for c in value):
        return  # not a Unicode string a store can hold; the parameter parser refuses it (next test)
    store = Store.memory()
    text = with_values("SELECT ?value WHERE { }", {"value": rdflib.Literal(value)})
    rows, variables = store.select(text)
    assert variables == ["value"]
    assert [str(row["value"]) for row in rows] == [value]


@FUZZ
@given(name=st.sampled_from([
    "scorecard", "scorecard-summary", "leaderboard", "milestone", "timeline", "evidence-as-of", "facts",
    "organization", "benchmark",
]), value=hostile_text, data=st.data())
def test_hostile_canned_query_arguments_are_refused_or_change_nothing(seed_graph, name, value, data):
    canned = seed_graph.canned(name)
    parameter = data.draw(st.sampled_from([p.name for p in canned.parameters]))
    baseline = {p.name: _valid(p.type) for p in canned.parameters if p.required}
    try:
        result = seed_graph.query(name, **{**baseline, parameter: value})
    except ParameterError as error:
        assert parameter in str(error) or name in str(error)
        return
    # Accepted: then the text was a value of the parameter's type, and the rows are those of that value
    # given in its plainest form.
    term = parse_value(next(p.type for p in canned.parameters if p.name == parameter), value)
    plain = str(term.toPython()).lower() if isinstance(term, rdflib.Literal) else str(term)
    assert result.rows == seed_graph.query(name, **{**baseline, parameter: plain}).rows


def test_non_utf8_bytes_on_the_command_line_are_a_parameter_error(chronicle):
    run = chronicle("query", "scorecard", "--param", "system=intern\udcfflm")
    assert run.exit_code == 2, run
    assert "Traceback" not in run.stderr
    assert "system" in run.stderr


def _valid(type_name: str) -> str:
    return {"iri:system": "internlm-20b", "iri:benchmark": "arc-ai2", "iri:milestone": "internlm-math",
            "iri:org": "shanghai-ai-laboratory", "iri:problem": "minif2f", "date": "2025-01-01",
            "concept:significance": "H2", "boolean": "false"}.get(type_name, "x")


TURTLE_PIECES = ["@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .\n", "<https://x.org/s>", " ck:p ", '"v"',
                 "^^<http://www.w3.org/2001/XMLSchema#date>", "@en", " .\n", " ;\n", "[ ", " ]", "( ", " )", '"""',
                 "\\u0022", "_:b", " a ", "ck:System", "1.5e3", "true", "#", "\n", "<", ">", "{", "}", "\x00", "é"]


@FUZZ
@given(pieces=st.lists(st.sampled_from(TURTLE_PIECES), max_size=40), suffix=st.sampled_from(["ttl", "nt", "rdf", "jsonld"]))
def test_the_loader_either_loads_a_file_or_says_where_it_is_wrong(tmp_path_factory, pieces, suffix):
    path = tmp_path_factory.mktemp("fuzz") / f"data.{suffix}"
    path.write_text("".join(pieces), encoding="utf-8")
    try:
        Store.memory().load_file(path, "https://w3id.org/chronicle-kg/graph/fuzz", f"data.{suffix}")
    except ChronicleError as error:
        assert str(error).startswith(f"data.{suffix}"), error


PAPER_HEADER = ("claim_id,model,params,model_key,benchmark,setting,score,unit,source_title,source_url,source_date,"
                "reporter,reporter_relation,evaluation_run_by,upstream_repo,upstream_commit,upstream_path,notes")
CELLS = ["tc1", "LLaMA2-7B", "MMLU", "5-shot", "46.8", "percent", "", '"a, b"', '"say ""hi"""', '"open', "\ufeff",
         "\r", "x" * 300, "-1e309", "NaN", "2024-13-45", "https://example.org/x", "third_party_compiled", "é"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(st.sampled_from(CELLS), min_size=1, max_size=20), max_size=6),
       crlf=st.booleans())
def test_importer_rows_either_import_or_are_reported_with_file_and_line(repo_root, tmp_path_factory, rows, crlf):
    """The importers' row parsing (paper-tables): any rows give a report, or an error naming the file."""
    from chronicle_kg.importing import import_data_set
    from chronicle_kg.project import Project

    folder = tmp_path_factory.mktemp("rows")
    table = folder / "score_claims_transcribed.csv"
    newline = "\r\n" if crlf else "\n"
    table.write_text(newline.join([PAPER_HEADER, *(",".join(row) for row in rows)]) + newline, encoding="utf-8")
    try:
        import_data_set(Project.find(repo_root), "paper-tables", table, folder / "imports", check=False)
    except ChronicleError as error:
        assert "score_claims_transcribed.csv" in str(error), error
