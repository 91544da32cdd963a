"""The benchmark suite: the generator is deterministic, and one command writes the report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_generator_gives_the_same_files_for_the_same_seed(generator, tmp_path):
    first = generator.generate(tmp_path / "a", 4000, seed=5)
    generator.generate(tmp_path / "b", 4000, seed=5)
    generator.generate(tmp_path / "c", 4000, seed=6)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert _files(tmp_path / "a") != _files(tmp_path / "c")
    assert len(first["planted"]) == 7


def test_the_generator_refuses_a_bad_size(generator):
    with pytest.raises(ValueError, match="10k or 1M"):
        generator.parse_size("ten")


@pytest.mark.slow
def test_one_command_writes_the_report(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--sizes", "2k", "--repeat", "1",
                           "--baseline-limit", "1", "--work", str(tmp_path / "work"), "--out", str(tmp_path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    (size,) = report["sizes"]
    assert size["planted_found_exactly"] is True
    assert size["chronicle"]["queries_ms"]["scorecard"] > 0
    assert size["rdflib"] == {"skipped": "not run (--baseline-limit 1 s)"}
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "| 2k |" in markdown and "7 (exactly)" in markdown
    assert (tmp_path / "time-vs-size.svg").read_text(encoding="utf-8").startswith("<svg")
