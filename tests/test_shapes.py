"""The provenance rules in shapes/ (DESIGN.md section 3), one fixture directory per shape.

tests/fixtures/shapes/<Shape>/ok-*.ttl must give no result at all (not even a warning);
tests/fixtures/shapes/<Shape>/bad-*.ttl must give results from cks:<Shape> and from no other shape.
Each fixture is validated on its own with the project's ontology and vocabularies, as
`chronicle validate FILE` does. The remaining tests keep the shapes graph itself honest: every shape is
named in cks:, says in plain words what is wrong and how to fix it, has a severity and fixtures, and the
whole graph is valid SHACL (the W3C shapes for SHACL shapes graphs).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pyshacl
import pytest
import rdflib
from rdflib.namespace import OWL, RDF, RDFS, SH

ROOT = Path(__file__).resolve().parents[1]
SHAPES = ROOT / "shapes"
FIXTURES = ROOT / "tests" / "fixtures" / "shapes"
CKS = rdflib.Namespace("https://w3id.org/chronicle-kg/shapes#")
SEVERITIES = {SH.Violation: "Violation", SH.Warning: "Warning", SH.Info: "Info"}
SHACL_SHACL = Path(pyshacl.__file__).parent / "assets" / "shacl-shacl.ttl"

# What a node shape may carry besides constraints; a node shape with nothing else than these and
# sh:property links only groups its property shapes and needs no fixtures of its own.
NOT_A_CONSTRAINT = {RDF.type, RDFS.label, RDFS.comment, SH.targetClass, SH.severity, SH.message, SH.property}


def _fixture_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _fixtures(kind: str) -> list[Path]:
    return sorted(FIXTURES.glob(f"*/{kind}-*.ttl"))


def _load_shapes() -> rdflib.Graph:
    graph = rdflib.Graph()
    for path in sorted(SHAPES.rglob("*.ttl")):
        graph.parse(path, format="turtle")
    return graph


@pytest.fixture(scope="module")
def shapes() -> rdflib.Graph:
    return _load_shapes()


def _all_shapes(graph: rdflib.Graph) -> set[rdflib.term.Node]:
    """Every node that is a shape (https://www.w3.org/TR/shacl/#shapes): typed as one, targeted,
    linked as one, or owning a SPARQL constraint."""
    found = set(graph.subjects(RDF.type, SH.NodeShape)) | set(graph.subjects(RDF.type, SH.PropertyShape))
    found |= set(graph.objects(None, SH.property)) | set(graph.objects(None, SH.node))
    for predicate in (SH.targetClass, SH.targetNode, SH.targetSubjectsOf, SH.targetObjectsOf, SH.sparql):
        found |= set(graph.subjects(predicate, None))
    return found


def _constraint_shapes(graph: rdflib.Graph) -> set[rdflib.term.Node]:
    """The shapes that can produce results themselves: every property shape, and every node shape with
    a constraint of its own (a SPARQL constraint, or anything besides targets and sh:property links)."""
    return {shape for shape in _all_shapes(graph)
            if (shape, SH.path, None) in graph
            or any(p not in NOT_A_CONSTRAINT for p in graph.predicates(shape, None))}


@pytest.fixture(scope="module")
def report_of() -> Callable:
    """report_of(fixture): the report of `validate_files([fixture], ROOT)`, computed once per fixture."""
    validate_files = pytest.importorskip("chronicle_kg.validate", reason="no validation API yet").validate_files
    reports = {}

    def report(fixture: Path):
        if fixture not in reports:
            reports[fixture] = validate_files([fixture], ROOT)
        return reports[fixture]

    return report


def _describe(results) -> str:
    return "\n".join(f"  {r.severity} {r.shape} on {r.focus} {r.path or ''}: {r.message}" for r in results)


# ---- the fixtures ------------------------------------------------------------------------------


@pytest.mark.parametrize("fixture", _fixtures("ok"), ids=_fixture_id)
def test_ok_fixture_gives_no_results(fixture, report_of):
    report = report_of(fixture)
    assert report.results == [], (
        f"{_fixture_id(fixture)} should conform without warnings:\n{_describe(report.results)}")
    assert report.conforms


@pytest.mark.parametrize("fixture", _fixtures("bad"), ids=_fixture_id)
def test_bad_fixture_triggers_exactly_its_shape(fixture, report_of, shapes):
    report = report_of(fixture)
    shape = CKS[fixture.parent.name]
    assert report.results, f"{_fixture_id(fixture)} should trigger {shape}, but it conforms"
    assert {r.shape for r in report.results} == {str(shape)}, (
        f"{_fixture_id(fixture)} should trigger {shape} and nothing else:\n{_describe(report.results)}")
    severity = SEVERITIES[shapes.value(shape, SH.severity)]
    assert {r.severity for r in report.results} == {severity}
    assert report.conforms == (severity != "Violation")


@pytest.mark.parametrize("fixture", _fixtures("bad"), ids=_fixture_id)
def test_bad_fixture_results_name_the_fixture_file_and_line(fixture, report_of):
    report = report_of(fixture)
    for result in report.results:
        assert result.source_file is not None and Path(result.source_file).name == fixture.name, _describe([result])
        assert result.line is not None and result.line > 0, _describe([result])


@pytest.mark.parametrize("fixture", sorted(FIXTURES.glob("*/*.ttl")), ids=_fixture_id)
def test_fixture_is_named_ok_or_bad_and_has_no_blank_nodes(fixture):
    assert fixture.stem.startswith(("ok-", "bad-")), f"{fixture}: name fixtures ok-*.ttl or bad-*.ttl"
    graph = rdflib.Graph().parse(fixture, format="turtle")
    blank = {t for triple in graph for t in triple if isinstance(t, rdflib.BNode)}
    assert not blank, f"{fixture}: give every node an IRI (id:{{kind}}/{{slug}}), as in data/"


# ---- the shapes graph --------------------------------------------------------------------------


def test_every_shape_is_named_in_the_shapes_namespace(shapes):
    unnamed = sorted(str(s) for s in _all_shapes(shapes) if not str(s).startswith(str(CKS)))
    assert not unnamed, f"give these shapes an IRI in {CKS} (no blank-node shapes): {unnamed}"


def test_every_shape_has_a_message_and_a_severity(shapes):
    for shape in sorted(_all_shapes(shapes)):
        messages = list(shapes.objects(shape, SH.message))
        assert messages and all(isinstance(m, rdflib.Literal) and str(m).strip() for m in messages), (
            f"{shape}: add an sh:message saying what is wrong and how to fix it")
        severities = list(shapes.objects(shape, SH.severity))
        assert len(severities) == 1 and severities[0] in SEVERITIES, f"{shape}: give exactly one sh:severity"


def test_every_shape_has_ok_and_bad_fixtures(shapes):
    for shape in sorted(_constraint_shapes(shapes)):
        directory = FIXTURES / str(shape).removeprefix(str(CKS))
        assert list(directory.glob("ok-*.ttl")), f"{shape}: add {directory.relative_to(ROOT)}/ok-*.ttl"
        assert list(directory.glob("bad-*.ttl")), f"{shape}: add {directory.relative_to(ROOT)}/bad-*.ttl"


def test_every_fixture_directory_names_a_shape(shapes):
    names = {str(s).removeprefix(str(CKS)) for s in _constraint_shapes(shapes)}
    stale = sorted(d.name for d in FIXTURES.iterdir() if d.is_dir() and d.name not in names)
    assert not stale, f"these fixture directories name no shape with constraints of its own: {stale}"


def test_sparql_constraints_declare_their_prefixes(shapes):
    for owner, constraint in shapes.subject_objects(SH.sparql):
        prefixes = list(shapes.objects(constraint, SH.prefixes))
        assert prefixes, f"{owner}: give its sh:sparql constraint sh:prefixes <https://w3id.org/chronicle-kg/shapes>"
        for ontology in prefixes:
            assert (ontology, RDF.type, OWL.Ontology) in shapes, f"{owner}: {ontology} is not an owl:Ontology"
            assert (ontology, SH.declare, None) in shapes, f"{owner}: {ontology} declares no prefixes"


def test_shapes_graph_is_valid_shacl(shapes):
    shacl_shacl = rdflib.Graph().parse(SHACL_SHACL, format="turtle")
    conforms, _, text = pyshacl.validate(shapes, shacl_graph=shacl_shacl)
    assert conforms, text


def test_every_shape_is_listed_in_the_shapes_readme_with_its_severity(shapes):
    readme = (SHAPES / "README.md").read_text(encoding="utf-8")
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in readme.splitlines()
            if line.startswith("| ") and "`cks:" in line]
    listed = {shape.strip("`").removeprefix("cks:"): severity for _, shape, severity, _ in rows}
    declared = {str(s).removeprefix(str(CKS)): SEVERITIES[shapes.value(s, SH.severity)]
                for s in _constraint_shapes(shapes)}
    assert sorted(declared.keys() - listed.keys()) == [], "add these shapes to the table in shapes/README.md"
    assert sorted(listed.keys() - declared.keys()) == [], "shapes/README.md lists shapes that do not exist"
    assert listed == declared, "shapes/README.md gives a severity the shape does not have"


def test_the_repository_shapes_compile_to_sparql(repo_root):
    """Every shape runs on the fast path: one that does not compile sends the whole validation to pySHACL."""
    from chronicle_kg.project import Project
    from chronicle_kg.shaclsparql import compile_shapes
    from chronicle_kg.validate import load_shapes

    assert compile_shapes(load_shapes(Project.find(repo_root)))
