"""The importers on the real data sets of ../shared/data (skipped, with the reason, where it is absent):
counts per data set, entity resolution across sources, and the cross-check queries' headline facts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from chronicle_kg.api import Chronicle

from conftest import REPO, copy_repository

SHARED_DATA = REPO.parent / "shared" / "data"
pytestmark = pytest.mark.skipif(not SHARED_DATA.is_dir(),
                                reason=f"the real data sets are not at {SHARED_DATA} (CI has them beside the checkout)")

# kind, folder, data set, claims created, rows read (counted from the files; see each SOURCE.md)
DATA_SETS = [
    ("minif2f", "internlm-math-minif2f", "internlm-math-minif2f", 20, 20 + 2 * 244),
    ("paper-tables", "paper-score-tables", "paper-score-tables", 1369, 1375),
    ("epoch-hub", "epoch-benchmarking-hub", "epoch-benchmarking-hub", 3388, 3594),
    ("open-llm-leaderboard", "open-llm-leaderboard", "open-llm-leaderboard", 49917, 7169),
    ("eff-progress", "eff-ai-progress-metrics", "eff-ai-progress-metrics", 1737, 1748),
    ("epoch-models", "epoch-notable-ai-models", "epoch-notable-ai-models", 0, 976),
    ("epoch-models", "epoch-large-scale-ai-models", "epoch-large-scale-ai-models", 0, 485),
]


def _import(chronicle, root: Path, kind: str, folder: str, *options: str):
    return chronicle.start("--root", root, "import", kind, SHARED_DATA / folder, *options).result(timeout=1800)


@pytest.mark.slow
@pytest.mark.parametrize("kind, folder, dataset, claims, rows", DATA_SETS[:2], ids=[d[0] for d in DATA_SETS[:2]])
def test_import_of_a_real_data_set_conforms_and_counts(chronicle, tmp_path, kind, folder, dataset, claims, rows):
    root = copy_repository(tmp_path / "chronicle")
    run = _import(chronicle, root, kind, folder)
    assert run.exit_code == 0, run
    assert f"claims created: {claims}" in run.out_lines and f"rows read: {rows}" in run.out_lines
    assert "validation: 0 violation(s), " in run.stdout


def test_minif2f_recount_makes_the_base_models_reproducible_from_logs(chronicle, tmp_path):
    root = copy_repository(tmp_path / "chronicle")
    assert _import(chronicle, root, "minif2f", "internlm-math-minif2f", "--no-validate").exit_code == 0
    rows = Chronicle.open(root).query("scorecard", system="internlm2-math-base-7b").records()
    assert {(float(r["score"]), r["status"]) for r in rows} == {(30.3, "reproducible from published logs")}
    text = (root / "imports" / "internlm-math-minif2f" / "data.ttl").read_text(encoding="utf-8")
    assert "74/244 theorems proved = 30.33 %" in text and "72/244 theorems proved = 29.51 %" in text


@pytest.mark.slow
def test_eff_progress_conforms_and_dates_the_first_human_level_result(chronicle, tmp_path):
    root = copy_repository(tmp_path / "chronicle")
    run = _import(chronicle, root, "eff-progress", "eff-ai-progress-metrics")
    assert run.exit_code == 0, run
    assert "claims created: 1737" in run.out_lines and "milestones: 60" in run.out_lines
    assert "validation: 0 violation(s), " in run.stdout
    text = (root / "imports" / "eff-ai-progress-metrics" / "data.ttl").read_text(encoding="utf-8")
    assert "<https://creativecommons.org/licenses/by-sa/4.0/>" in text


def test_epoch_models_give_attribute_claims(chronicle, tmp_path):
    root = copy_repository(tmp_path / "chronicle")
    run = _import(chronicle, root, "epoch-models", "epoch-notable-ai-models", "--no-validate")
    assert run.exit_code == 0, run
    assert "attribute claims: 2168" in run.out_lines and "rows read: 976" in run.out_lines
    facts = Chronicle.open(root).query("facts", entity="deepseek-r1").records()
    assert {(r["attributeLabel"], str(r["value"])) for r in facts} >= {("release date", "2025-01-20")}


def test_epoch_hub_resolves_names_and_reads_evidence_status_from_the_source(chronicle, tmp_path):
    root = copy_repository(tmp_path / "chronicle")
    assert _import(chronicle, root, "epoch-hub", "epoch-benchmarking-hub", "--no-validate").exit_code == 0
    rows = Chronicle.open(root).query("scorecard", system="internlm-20b").records()
    hellaswag = [r for r in rows if r["benchmark"] == "HellaSwag" and r["dataset"] == "Epoch AI Benchmarking Hub"]
    # "internlm-20b" of Epoch is the curated system; the Qwen report is another lab's: a third-party report
    assert [(float(r["score"]), r["status"]) for r in hellaswag] == [(78.1, "third-party report")]


@pytest.mark.slow
def test_every_data_set_imported_gives_the_cross_checks(chronicle, tmp_path):
    """Imports every data set into one copy and checks the headline facts. pySHACL over a whole import
    takes about 0.1 to 0.2 s per claim here, so only the two small score data sets are validated on import
    (the others are validated by their own tests or take too long: see the report in README)."""
    root = copy_repository(tmp_path / "chronicle")
    for kind, folder, dataset, claims, _ in DATA_SETS:
        options = () if kind in ("minif2f", "paper-tables") else ("--no-validate",)
        started = time.perf_counter()
        run = _import(chronicle, root, kind, folder, *options)
        assert run.exit_code == 0, run
        assert f"claims created: {claims}" in run.out_lines, run
        print(f"{kind}: {time.perf_counter() - started:.1f} s")
    graph = Chronicle.open(root)

    verdicts = {(r["systemLabel"], r["benchmarkLabel"], float(r["value"]), float(r["otherValue"])): r["verdict"]
                for r in graph.query("reproduction-verdicts").records()}
    assert verdicts[("llama-2-70b", "MMLU", 68.9, 69.5)] == "independently reproduced"  # Llama 2 paper vs HELM
    assert verdicts[("mistral-7b-v0-1", "MMLU", 62.5, 56.6)] == "disputed"  # Mixtral paper vs HELM

    internlm = graph.query("reproduction-verdicts", system="internlm-20b").records()
    mmlu = [r for r in internlm if r["benchmarkLabel"] == "MMLU"]
    assert [(r["verdict"], r["reason"]) for r in mmlu] == [
        ("not comparable", "shots stated on one side only: 5 against OpenCompass default")]

    conflicts = {(r["benchmarkLabel"], r["dataset"], r["otherDataset"])
                 for r in graph.query("transcription-conflicts", system="internlm-20b").records()}
    assert ("HellaSwag", "epoch_benchmarks", "Score tables from technical reports and model cards") in conflicts

    facts = graph.query("fact-checks", entity="deepseek-r1").records()
    assert [(r["attributeLabel"], r["check"]) for r in facts if r["attributeLabel"] == "release date"] == [
        ("release date", "cross-checked")]  # Epoch's hub and its model databases agree on 2025-01-20

    milestones = graph.query("timeline", problem="playing-abstract-games-with-extensive-hints").records()
    assert "Computer Go: Best human play reached" in [r["title"] for r in milestones]

    summary = graph.query("scorecard-summary", system="internlm-20b").records()[0]
    assert summary["suiteLabel"] == "Open LLM Leaderboard v1 average"
    assert float(summary["suiteValue"]) == 59.55 and float(summary["leaderValue"]) == 81.31
