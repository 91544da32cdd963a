"""The dumps are the bytes of the straightforward rendering: every triple sorted by the N-Triples forms of its
subject, predicate and object, serialized by Oxigraph, and for JSON-LD Oxigraph's expanded document compacted
with the project's context and written by json.dumps. Checked on the repository's data, a synthetic graph
from benchmarks/generate.py and a graph of awkward terms; and a dump that does not read back as the graph is
never written."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest

from chronicle_kg.errors import ChronicleError
from chronicle_kg.export import DUMP_FORMATS, Dumps, render, render_dumps, write_checked
from chronicle_kg.formats import by_name
from chronicle_kg.iris import PREFIXES
from chronicle_kg.jsonld import compact_nodes
from chronicle_kg.load import load_project
from chronicle_kg.project import Project
from chronicle_kg.store import Store

ROOT = Path(__file__).resolve().parents[1]
OX_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES, "jsonld": ox.RdfFormat.JSON_LD}

AWKWARD = b"""
<https://w3id.org/chronicle-kg/id/a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type>
    <https://w3id.org/chronicle-kg/ontology#System>, <https://w3id.org/chronicle-kg/ontology#Artifact>, "a type" .
<https://w3id.org/chronicle-kg/id/a> <https://w3id.org/chronicle-kg/ontology#note>
    "line\\nbreak \\"quoted\\" back\\\\slash tab\\t", "caf\\u00e9 \\u2028 \\U0001F600", "", "a b", "a",
    "a"@en, "a"@en-GB, "x"@ar--rtl, "1.50"^^<http://www.w3.org/2001/XMLSchema#decimal>,
    "1"^^<http://www.w3.org/2001/XMLSchema#integer>, "plain"^^<http://www.w3.org/2001/XMLSchema#string>,
    "odd"^^<http://example.org/datatype>, <https://w3id.org/chronicle-kg/id/>, _:b1, _:b10 .
<https://w3id.org/chronicle-kg/id/a/b> <https://w3id.org/chronicle-kg/ontology#note> "nested IRI" .
_:b1 <https://w3id.org/chronicle-kg/ontology#note> _:b10 .
_:b10 <http://example.org/p> <https://w3id.org/chronicle-kg/id/a> .
<http://example.org/s> <http://example.org/p> "outside every prefix" .
"""


def _reference(store: Store, fmt: str, project: Project) -> bytes:
    """The dump as the first implementation rendered it."""
    triples = sorted({q.triple for q in store._inner}, key=lambda t: (str(t.subject), str(t.predicate), str(t.object)))
    if fmt != "jsonld":
        return ox.serialize(triples, format=OX_FORMATS[fmt], prefixes=dict(PREFIXES))
    context = json.loads((project.root / "ontology" / "context.jsonld").read_text(encoding="utf-8"))["@context"]
    expanded = json.loads(ox.serialize(triples, format=ox.RdfFormat.JSON_LD))
    document = {"@context": context, "@graph": list(compact_nodes(expanded, context))}
    return (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _generator():
    spec = importlib.util.spec_from_file_location("generate", ROOT / "benchmarks" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("synthetic") / "chronicle"
    _generator().generate(root, 20_000, seed=3)
    return root


@pytest.mark.parametrize("fmt", DUMP_FORMATS)
def test_dumps_of_the_repository_are_the_reference_bytes(repo_root, fmt):
    project = Project.find(repo_root)
    store = load_project(project).store

    assert render(store, by_name(fmt), project) == _reference(store, fmt, project)


@pytest.mark.parametrize("fmt", DUMP_FORMATS)
def test_dumps_of_a_synthetic_graph_are_the_reference_bytes(synthetic, fmt):
    project = Project.find(synthetic)
    store = load_project(project).store

    assert render(store, by_name(fmt), project) == _reference(store, fmt, project)


@pytest.mark.parametrize("fmt", DUMP_FORMATS)
def test_dumps_of_awkward_terms_are_the_reference_bytes(repo_root, fmt):
    project = Project.find(repo_root)
    store = Store.from_bytes(AWKWARD, by_name("turtle"), "awkward.ttl")

    assert render(store, by_name(fmt), project) == _reference(store, fmt, project)


def test_an_empty_graph_dumps_as_the_reference_bytes(repo_root):
    project = Project.find(repo_root)
    for fmt in DUMP_FORMATS:
        assert render(Store.memory(), by_name(fmt), project) == _reference(Store.memory(), fmt, project)


def _tampered(data: bytes, fmt: str) -> list[bytes]:
    """Versions of a dump that read back as another graph: a triple missing, one added, a value changed."""
    if fmt == "jsonld":
        document = json.loads(data)
        missing = json.loads(data)
        missing["@graph"][-1].pop("@type")
        added = json.loads(data)
        added["@graph"][0]["rdfs:comment"] = "added"
        changed = json.loads(data)
        changed["@graph"].reverse()
        changed["@graph"][0]["@id"] += "-changed"
        return [json.dumps(d).encode() for d in (missing, added, changed)] + [json.dumps(document)[:-40].encode()]
    lines = ox.serialize(ox.parse(data, format=OX_FORMATS[fmt]), format=ox.RdfFormat.N_TRIPLES).splitlines(True)
    return [b"".join(lines[:-1]), b"".join(reversed(lines[1:])), b"".join(lines) + b'<http://e/s> <http://e/p> "o" .\n',
            b"".join(lines).replace(b'"', b'"changed ', 1)]


@pytest.mark.parametrize("fmt", DUMP_FORMATS)
def test_a_dump_that_does_not_read_back_as_the_graph_is_not_written(repo_root, tmp_path, fmt):
    project = Project.find(repo_root)
    dumps = render_dumps(load_project(project).store, project)
    name = next(n for n in dumps.files if by_name(fmt).extension == n.rsplit(".", 1)[1])
    lines = dumps.files[name].splitlines(True)
    reordered = b"".join(reversed(lines)) if fmt == "ntriples" else dumps.files[name]
    assert write_checked(Dumps(dumps.triples, {**dumps.files, name: reordered}), tmp_path / "fine")

    for bad in _tampered(dumps.files[name], fmt):
        target = tmp_path / "dist"
        with pytest.raises(ChronicleError, match=rf"{name}(: the {fmt} dump does not read back as the same graph|:\d+:\d+: )"):
            write_checked(Dumps(dumps.triples, {**dumps.files, name: bad}), target)
        assert not target.exists()


def test_a_triple_term_is_refused_in_json_ld_and_kept_in_the_other_dumps(repo_root):
    project = Project.find(repo_root)
    statement = b'<http://e/s> <http://e/p> <<( <http://e/a> <http://e/b> "c" )>> .\n'
    store = Store.from_bytes(statement, by_name("ntriples"), "terms.nt")

    assert render(store, by_name("ntriples"), project) == statement
    with pytest.raises(ChronicleError, match="JSON-LD cannot hold the RDF 1.2 triple term"):
        render(store, by_name("jsonld"), project)
