"""`chronicle validate` and `chronicle build` on the repository's data: exit codes, output lines, the three
dumps, their determinism, and that each dump reads back as the graph of ontology/ and data/ with the
leaderboard ranks derived from it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from rdflib.compare import isomorphic

from chronicle_kg.iris import RANKS_GRAPH
from chronicle_kg.load import load_project
from chronicle_kg.project import Project

DUMPS = ("chronicle.ttl", "chronicle.nt", "chronicle.jsonld")
RESULT_LINE = re.compile(r"^\S+:\d+: (violation|warning|info): \S+: .+$")

OX_FORMATS = {".ttl": ox.RdfFormat.TURTLE, ".nt": ox.RdfFormat.N_TRIPLES, ".jsonld": ox.RdfFormat.JSON_LD}
RDFLIB_FORMATS = {".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld"}


def _source_files(root: Path) -> list[Path]:
    """What `chronicle build` loads: ontology/*.ttl and data/<dataset>/*.ttl."""
    return sorted((root / "ontology").glob("*.ttl")) + sorted((root / "data").glob("*/*.ttl"))


def _derived_ranks(root: Path) -> bytes:
    """The leaderboard ranks every load derives, as N-Triples (tests/test_leaderboard_ranks.py checks them
    against the every-pair ranking)."""
    return load_project(Project.find(root)).store.graph_ntriples(RANKS_GRAPH)[0]


def test_validate_on_the_repository_exits_0_and_prints_conforms(chronicle, repo_root):
    run = chronicle("validate", cwd=repo_root)

    assert run.exit_code == 0, str(run)
    assert run.err_lines[-1].startswith("conforms: 0 violation(s), "), str(run)
    warnings = [line for line in run.out_lines if ": warning: " in line]
    assert run.err_lines[-1] == f"conforms: 0 violation(s), {len(warnings)} warning(s)"
    assert all(RESULT_LINE.match(line) for line in run.out_lines), str(run)
    assert "Traceback" not in run.stderr


def test_build_exits_0_and_writes_the_three_dumps(built):
    run = built.run

    assert run.exit_code == 0, str(run)
    assert run.out_lines[-3:] == [f"wrote {built.dist / name}" for name in DUMPS]
    assert all(RESULT_LINE.match(line) and ": violation: " not in line for line in run.out_lines[:-3]), str(run)
    triples = len(built.dumps["chronicle.nt"].decode("utf-8").splitlines())
    warnings = len(run.out_lines) - 3
    assert run.err_lines == [f"built {triples} triples: 0 violation(s), {warnings} warning(s)"]
    assert "Traceback" not in run.stderr


def test_build_leaves_only_the_dumps_in_dist(built):
    assert sorted(p.name for p in built.dist.iterdir()) == sorted(DUMPS)


def _dumps(root: Path) -> dict[str, bytes]:
    return {name: (root / "dist" / name).read_bytes() for name in DUMPS}


@pytest.mark.slow
def test_build_is_byte_identical_across_copies_and_runs(chronicle, built, repo_copy):
    first = chronicle("--root", repo_copy, "build")
    first_dumps = _dumps(repo_copy)
    second = chronicle("--root", repo_copy, "build")

    assert first.exit_code == second.exit_code == 0, f"{first}\n{second}"
    assert first_dumps == built.dumps, "two copies of the same data built different dumps"
    assert _dumps(repo_copy) == first_dumps, "building the same copy twice gave different dumps"


@pytest.mark.parametrize("name", DUMPS)
def test_dump_reads_back_with_pyoxigraph_as_the_repository_graph(built, name):
    expected = {q.triple for f in _source_files(built.root)
                for q in ox.parse(path=str(f), format=ox.RdfFormat.TURTLE)}
    ranks = {q.triple for q in ox.parse(_derived_ranks(built.root), format=ox.RdfFormat.N_TRIPLES)}
    assert ranks and not ranks & expected
    expected |= ranks
    dump = built.dist / name

    actual = {q.triple for q in ox.parse(path=str(dump), format=OX_FORMATS[dump.suffix])}

    assert actual == expected, (f"{name}: {len(expected - actual)} triple(s) missing, "
                                f"{len(actual - expected)} extra")


@pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated:DeprecationWarning")
@pytest.mark.parametrize("name", DUMPS)
def test_dump_reads_back_with_rdflib_as_the_repository_graph(built, name):
    expected = rdflib.Graph()
    for path in _source_files(built.root):
        expected.parse(path, format="turtle")
    expected.parse(data=_derived_ranks(built.root), format="nt")
    dump = built.dist / name

    actual = rdflib.Graph().parse(dump, format=RDFLIB_FORMATS[dump.suffix])

    assert not any(isinstance(term, rdflib.BNode) for triple in actual for term in triple)
    assert set(actual) == set(expected), (f"{name}: {len(set(expected) - set(actual))} triple(s) missing, "
                                          f"{len(set(actual) - set(expected))} extra")
    assert isomorphic(actual, expected)


def test_jsonld_dump_uses_the_published_context(built):
    published = json.loads((built.root / "ontology" / "context.jsonld").read_text(encoding="utf-8"))

    dump = json.loads(built.dumps["chronicle.jsonld"])

    assert dump["@context"] == published["@context"]
