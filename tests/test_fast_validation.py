"""The validator's fast path (shapes compiled to SPARQL) against pySHACL, the reference: the same results,
on the repository's data, on every shape fixture and on a synthetic graph with planted violations; and
incremental validation after a data set changes against a full validation."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from chronicle_kg.load import load_project, load_with_ontology, reload_data_set
from chronicle_kg.project import Project
from chronicle_kg.validate import load_shapes, validate, validate_changed, validate_with_pyshacl

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "shapes").glob("*/*.ttl"))


@pytest.fixture(scope="module")
def synthetic(synthetic_graph) -> tuple[Path, dict]:
    return synthetic_graph(3000, 11)


def _same(loaded, shapes) -> None:
    fast, reference = validate(loaded, shapes), validate_with_pyshacl(loaded, shapes)
    assert fast.results == reference.results


def test_fast_path_equals_pyshacl_on_the_repository_data():
    project = Project.find(ROOT)
    _same(load_project(project), load_shapes(project))


def test_fast_path_equals_pyshacl_on_a_synthetic_graph_with_planted_violations(synthetic):
    out, manifest = synthetic
    project = Project.find(out)
    loaded, shapes = load_project(project), load_shapes(project)
    _same(loaded, shapes)
    found = {(r.focus, r.shape) for r in validate(loaded, shapes).violations}
    assert found == {(p["focus"], p["shape"]) for p in manifest["planted"]}
    assert len(found) >= 6


@pytest.mark.slow
@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fast_path_equals_pyshacl_on_every_shape_fixture(fixture: Path):
    project = Project.find(ROOT)
    _same(load_with_ontology(project, [fixture]), load_shapes(project))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_incremental_validation_equals_full_validation(synthetic, tmp_path):
    out = tmp_path / "chronicle"
    shutil.copytree(synthetic[0], out)
    project = Project.find(out)
    loaded, shapes = load_project(project), load_shapes(project)
    report = validate(loaded, shapes)

    # Re-import one data set: a planted violation fixed, a new one (a claim citing no source) made.
    scores = out / "data" / "synthetic-0" / "scores.ttl"
    _edit(scores, "ck:value 1500.0", "ck:value 15.0")
    _edit(scores, "ck:citesSource source:", "ck:note \"no source\" ; ck:unused source:")
    changed = reload_data_set(loaded, project, "synthetic-0")
    assert any(str(p).endswith("eaderboardRank") for _, p, _ in changed), "no derived rank moved"
    incremental = validate_changed(loaded, shapes, report, changed)
    assert incremental.results == validate(loaded, shapes).results
    assert incremental.results != report.results

    # Change an entity other data sets' claims depend on: system n1's developer. Its claims' evaluator
    # relations (in another data set) now disagree with it, and only a rule reading through the system
    # can see that.
    _edit(out / "data" / "chronicle" / "systems.ttl", "ck:developedBy org:o1 ;", "ck:developedBy org:o2 ;")
    before = incremental
    incremental = validate_changed(loaded, shapes, before, reload_data_set(loaded, project, "chronicle"))
    full = validate(loaded, shapes)
    assert incremental.results == full.results
    assert any(r.shape.endswith("EvaluatorRelationMatchesDeveloper") for r in full.results)
    assert any(r.focus.endswith("/n1") or "claim/n1--" in r.focus for r in full.results if r not in before.results)
