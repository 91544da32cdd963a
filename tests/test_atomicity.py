"""Nothing half-written: `chronicle build` killed at random moments, again and again, leaves dist/ and the
on-disk store exactly as they were, or complete and new."""

from __future__ import annotations

import random
import shutil
import signal
import time
from pathlib import Path

import pytest
from conftest import DUMPS, start_chronicle

from chronicle_kg.store import Store

pytestmark = pytest.mark.slow
KILLS = 8


def _dumps(directory: Path) -> tuple[bytes | None, ...]:
    return tuple((directory / name).read_bytes() if (directory / name).exists() else None for name in DUMPS)


def _store_statements(path: Path) -> set[str]:
    return Store.read_only(path).statements()


def _build_duration(root: Path, *options: str) -> float:
    started = time.monotonic()
    run = start_chronicle("--root", root, *options, "build").result()
    assert run.exit_code == 0, run
    return time.monotonic() - started


def _change_the_data(root: Path) -> None:
    extra = root / "data" / "chronicle" / "more.ttl"
    extra.write_text("@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .\n"
                     "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
                     "<https://w3id.org/chronicle-kg/id/org/killed-lab> a ck:Organization ; rdfs:label \"Killed Lab\" .\n",
                     encoding="utf-8")


def _kill_at(root: Path, delay: float, *options: str) -> None:
    pending = start_chronicle("--root", root, *options, "build")
    time.sleep(delay)
    pending._process.send_signal(signal.SIGKILL)
    pending._process.communicate()


def test_killed_builds_leave_the_old_dumps_or_the_new_ones(repo_copy, tmp_path):
    store = tmp_path / "store"
    duration = _build_duration(repo_copy, "--store", f"oxigraph:{store}")
    old_dumps, old_store = _dumps(repo_copy / "dist"), _store_statements(store)
    (repo_copy / "dist" / "1.0.0").mkdir()
    (repo_copy / "dist" / "1.0.0" / "kept.txt").write_text("a release beside the dumps")

    _change_the_data(repo_copy)
    expected_new = tmp_path / "expected"
    new_root = tmp_path / "new-root"
    shutil.copytree(repo_copy, new_root, ignore=shutil.ignore_patterns("dist"))
    assert start_chronicle("--root", new_root, "build", "--out", expected_new).result().exit_code == 0
    new_dumps = _dumps(expected_new)
    assert new_dumps != old_dumps

    moments = random.Random(20261129)
    for _ in range(KILLS):
        _kill_at(repo_copy, moments.uniform(0.2, duration * 1.2), "--store", f"oxigraph:{store}")
        dumps = _dumps(repo_copy / "dist")
        assert dumps in (old_dumps, new_dumps), "dist/ holds a mix of old and new dumps"
        statements = _store_statements(store)
        assert statements == old_store or len(statements) == len(old_store) + 2, "the store is half-written"
        assert (repo_copy / "dist" / "1.0.0" / "kept.txt").read_text() == "a release beside the dumps"

    assert _build_duration(repo_copy, "--store", f"oxigraph:{store}") > 0
    assert _dumps(repo_copy / "dist") == new_dumps
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".store")] == []
    assert [p.name for p in repo_copy.iterdir() if p.name.startswith(".dist")] == []


SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.mark.skipif(not (SHARED / "internlm-math-minif2f").is_dir(), reason=f"the real data sets are not at {SHARED}")
def test_killed_imports_leave_the_old_data_set_or_the_new_one(repo_copy):
    source = SHARED / "internlm-math-minif2f"
    started = time.monotonic()
    assert start_chronicle("--root", repo_copy, "import", "minif2f", source).result().exit_code == 0
    duration = time.monotonic() - started
    folder = repo_copy / "imports" / "internlm-math-minif2f"
    complete = {p.name: p.read_bytes() for p in folder.iterdir()}

    moments = random.Random(7)
    for _ in range(KILLS):
        pending = start_chronicle("--root", repo_copy, "import", "minif2f", source)
        time.sleep(moments.uniform(0.2, duration * 1.2))
        pending._process.send_signal(signal.SIGKILL)
        pending._process.communicate()
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == complete, "the data set is half-written"
        assert [p.name for p in (repo_copy / "imports").iterdir() if not p.name.startswith(".")] == [folder.name]
