"""Record pages are rendered from canned-query results only and match their reviewed snapshots."""

from __future__ import annotations

import re

import pytest

PAGES = [
    ("system", "internlm-20b", "system-internlm-20b"),
    ("milestone", "internlm-math", "milestone-internlm-math"),
]


@pytest.mark.parametrize("kind, identifier, snapshot_name", PAGES, ids=[p[2] for p in PAGES])
@pytest.mark.parametrize("html", [False, True], ids=["markdown", "html"])
def test_page_matches_snapshot(kind, identifier, snapshot_name, html, chronicle, matches_snapshot):
    args = ["page", kind, identifier] + (["--html"] if html else [])
    run = chronicle(*args)
    assert run.exit_code == 0, run
    matches_snapshot(f"{snapshot_name}.{'html' if html else 'md'}", run.stdout)


def test_system_page_shows_the_seed_figures(chronicle):
    page = chronicle("page", "system", "internlm-20b").stdout
    assert "Shanghai AI Laboratory · released 2023-09-18" in page
    assert "6 benchmarks tracked.** 0% of its scores are independently reproduced" in page
    assert "best result 75.6 on ARC AI2 (self-reported) · 0 of 6 independently reproduced" in page
    assert "| GSM8K | 62.9 accuracy (%) | unverified · optimized T1 | 2023-09-18 Yi: Open Foundation Models by 01.AI |" in page
    assert "mid-size 20-billion-parameter system released in 2023" in page
    assert "2 facts cross-checked across data sources: 2 single-source." in page
    assert "Sources: curated_param_counts, epoch_benchmarks" in page
    assert "internlm-20b has 6 tracked claims: 5 self-reported, 1 unverified." in page
    assert "Claims drawn from cited facts, not live model generation." in page
    assert re.findall(r"^(\d+) cited facts?$", page, flags=re.M) == ["3", "3", "1"]


def test_milestone_page_shows_every_seed_section(chronicle):
    page = chronicle("milestone", "internlm-math").stdout
    for heading in ("Primary evidence", "What happened?", "Why it matters", "Historical context",
                    "Evidence & status at a glance", "Contribution & verification", "Technical details",
                    "Sources & artifacts", "Verification history", "Corrections"):
        assert f"## {heading}" in page
    assert "- Significance: H2 · Field milestone" in page
    assert "- Evidence level: E3 · Inspectable artifact" in page
    assert "- Interface: Informal, Formal, Symbolic, Numeric, Hybrid" in page
    assert page.index("2024-02-09 · Paper released · E2") < page.index("2026-09-11 · Paper released · E3")
    assert "No corrections recorded." in page


def test_html_page_escapes_values_from_the_data(repo_copy, chronicle):
    systems = repo_copy / "data" / "chronicle" / "systems.ttl"
    text = systems.read_text(encoding="utf-8")
    systems.write_text(text.replace('rdfs:label "internlm-20b"', 'rdfs:label "<script>alert(1)</script>"'),
                       encoding="utf-8")
    run = chronicle("--root", repo_copy, "page", "system", "internlm-20b", "--html")
    assert run.exit_code == 0, run
    assert "<script>alert(1)</script>" not in run.stdout
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in run.stdout


def test_unknown_page_subject_suggests_close_slugs(chronicle):
    run = chronicle("page", "system", "internlm20b")
    assert run.exit_code == 2
    assert "closest: internlm-20b" in run.stderr
    assert "Traceback" not in run.stderr
