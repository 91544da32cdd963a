"""`chronicle import KIND PATH`: bad input is refused with file and line and nothing written; a good import
writes one deterministic data-set folder under imports/ that build, validate and query load."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronicle_kg.api import Chronicle

from conftest import copy_repository

FIXTURES = Path(__file__).parent / "fixtures" / "import"
SMALL = FIXTURES / "paper-tables-small.csv"


@pytest.fixture
def project(tmp_path) -> Path:
    return copy_repository(tmp_path / "chronicle")


def _data_ttl(root: Path, dataset: str = "paper-score-tables") -> Path:
    return root / "imports" / dataset / "data.ttl"


BAD_INPUT = [
    ("bom.csv", "bom.csv:1: the file starts with a byte-order mark (BOM)"),
    ("mixed-line-endings.csv", "mixed-line-endings.csv:2: mixed line endings"),
    ("malformed-quote.csv", "malformed-quote.csv:2: malformed CSV"),
    ("empty.csv", "empty.csv:1: the file is empty"),
    ("header-only.csv", "header-only.csv:2: the file has a header but no rows"),
    ("missing-column.csv", "missing-column.csv:1: missing column(s) 'score'"),
    ("wrong-kind.csv", "wrong-kind.csv:1: missing column(s) 'claim_id'"),
    ("no-such-file.csv", "no-such-file.csv: no such file or folder"),
]


@pytest.mark.parametrize("name, message", BAD_INPUT, ids=[name for name, _ in BAD_INPUT])
def test_bad_input_is_refused_with_file_and_line_and_nothing_written(chronicle, project, name, message):
    run = chronicle("--root", project, "import", "paper-tables", FIXTURES / name)
    assert run.exit_code == 2, run
    assert message in run.stderr, run
    assert not (project / "imports").exists() or not any((project / "imports").iterdir()), run


def test_wrong_kind_of_file_for_the_importer_says_so(chronicle, project):
    run = chronicle("--root", project, "import", "open-llm-leaderboard", SMALL)
    assert run.exit_code == 2, run
    assert "paper-tables-small.csv:1: missing column(s) 'fullname'" in run.stderr
    assert "is this the right file for this kind of import?" in run.stderr


def test_a_bad_alias_table_is_refused_with_its_line(chronicle, project):
    (project / "data" / "aliases.csv").write_bytes((FIXTURES / "bad-aliases.csv").read_bytes())
    run = chronicle("--root", project, "import", "paper-tables", SMALL)
    assert run.exit_code == 2, run
    assert "data/aliases.csv:2: 'Example_LM' is not a valid slug" in run.stderr, run


def test_a_row_without_a_number_is_skipped_with_file_line_and_reason(chronicle, project):
    run = chronicle("--root", project, "import", "paper-tables", FIXTURES / "bad-score.csv")
    assert run.exit_code == 0, run
    assert "bad-score.csv:2: score 'seventy' is not a number" in run.stdout
    assert "claims created: 1" in run.out_lines


def test_import_writes_a_validated_data_set_folder_and_reports_counts(chronicle, project):
    run = chronicle("--root", project, "import", "paper-tables", SMALL)
    assert run.exit_code == 0, run
    lines = run.out_lines
    assert "rows read: 4" in lines and "claims created: 4" in lines and "skipped: 0" in lines
    assert "validation: 0 violation(s), " in run.stdout
    # unmatched names become new entities, listed with the nearest existing names for a curator
    assert "  example-lm-7b (as Example-LM 7B, Example-LM-7B; nearest existing: none)" in lines
    assert "new system entities: 1" in lines  # "InternLM 20B" resolved to the curated internlm-20b
    assert (project / "imports" / "paper-score-tables" / "import-report.txt").is_file()
    assert [p.name for p in (project / "imports").iterdir()] == ["paper-score-tables"]


def test_reimport_gives_byte_identical_turtle(chronicle, project):
    assert chronicle("--root", project, "import", "paper-tables", SMALL).exit_code == 0
    first = _data_ttl(project).read_bytes()
    assert chronicle("--root", project, "import", "paper-tables", SMALL, "--no-validate").exit_code == 0
    assert _data_ttl(project).read_bytes() == first


def test_reimport_replaces_the_data_set(chronicle, project, tmp_path):
    assert chronicle("--root", project, "import", "paper-tables", SMALL, "--no-validate").exit_code == 0
    fewer = tmp_path / "fewer.csv"
    fewer.write_text("\n".join(SMALL.read_text(encoding="utf-8").splitlines()[:2]) + "\n", encoding="utf-8")
    assert chronicle("--root", project, "import", "paper-tables", fewer, "--no-validate").exit_code == 0
    claims = Chronicle.open(project).sparql(
        "PREFIX ck: <https://w3id.org/chronicle-kg/ontology#> "
        "SELECT ?c WHERE { ?c a ck:ScoreClaim ; ck:fromDataSet ?d . "
        "FILTER (STRENDS(STR(?d), 'paper-score-tables')) } ORDER BY ?c").rows
    assert len(claims) == 1


def test_settings_are_part_of_the_claim_and_never_compared_as_equal(chronicle, project):
    assert chronicle("--root", project, "import", "paper-tables", SMALL, "--no-validate").exit_code == 0
    text = _data_ttl(project).read_text(encoding="utf-8")
    # the same system, benchmark and source at 0 and 10 shots are two claims; the setting is in the IRI
    assert "claim:example-lm-7b--hellaswag--example-lm-report--paper-score-tables--0-shot a ck:ScoreClaim" in text
    assert "claim:example-lm-7b--hellaswag--example-lm-report--paper-score-tables--10-shot a ck:ScoreClaim" in text
    # a setting that is no shot count stays words, not a shot count
    assert 'ck:setting "OpenCompass default"' in text
    assert "claim:internlm-20b--hellaswag--example-lm-report--paper-score-tables--0-shot--acc" in text


def test_imports_are_loaded_as_their_own_named_graph(chronicle, project):
    assert chronicle("--root", project, "import", "paper-tables", SMALL, "--no-validate").exit_code == 0
    graph = Chronicle.open(project)
    rows = graph.query("scorecard", system="example-lm-7b").records()
    assert sorted((r["score"], r["dataset"]) for r in rows) == [
        (55, "Score tables from technical reports and model cards"),
        (pytest.approx(71.5), "Score tables from technical reports and model cards"),
        (pytest.approx(80.25), "Score tables from technical reports and model cards"),
    ]


def test_import_into_another_folder_leaves_imports_untouched(chronicle, project, tmp_path):
    run = chronicle("--root", project, "import", "paper-tables", SMALL, "--into", tmp_path / "elsewhere",
                    "--no-validate")
    assert run.exit_code == 0, run
    assert (tmp_path / "elsewhere" / "paper-score-tables" / "data.ttl").is_file()
    assert not (project / "imports").exists()


def test_transcription_conflict_between_the_seed_record_and_an_import(chronicle, project):
    """The seed record says 70.8 for internlm-20b's HellaSwag citing the Qwen Technical Report; a table
    transcribed from that report says 78.1 (here: the small fixture, citing it under its title)."""
    csv = SMALL.read_text(encoding="utf-8").replace('"Example LM Report, Table 1",https://example.org/example-lm',
                                                     '"Qwen Technical Report, Table 17",https://arxiv.org/abs/2309.16609')
    path = project / "qwen.csv"
    path.write_text(csv, encoding="utf-8")
    assert chronicle("--root", project, "import", "paper-tables", path, "--no-validate").exit_code == 0
    rows = Chronicle.open(project).query("transcription-conflicts", system="internlm-20b").records()
    assert [(r["benchmarkLabel"], r["source"], float(r["value"]), float(r["otherValue"])) for r in rows] == [
        ("HellaSwag", "Qwen Technical Report", 70.8, 78.1)]


def test_generic_csv_import_follows_its_mapping_file(chronicle, project):
    run = chronicle("--root", project, "import", "csv", FIXTURES / "example-leaderboard.toml")
    assert run.exit_code == 0, run
    assert "claims created: 4" in run.out_lines
    assert "example-leaderboard.csv:4: arc 170.0 lies outside 0-100" in run.stdout
    assert "validation: 0 violation(s), " in run.stdout
    rows = Chronicle.open(project).query("leaderboard", benchmark="arc-ai2").records()
    assert ("example-example-lm-7b", 61.1) in [(r["systemLabel"], float(r["value"])) for r in rows]


def test_a_mapping_file_with_an_unknown_key_is_refused(chronicle, project):
    run = chronicle("--root", project, "import", "csv", FIXTURES / "bad-mapping.toml")
    assert run.exit_code == 2, run
    assert "bad-mapping.toml: [claims] has unknown key(s) rank: use evaluator, status, tier" in run.stderr


def test_an_import_that_breaks_a_shape_writes_nothing(chronicle, project, tmp_path):
    """Claims marked independently reproduced without a reproducing organization violate the shapes."""
    mapping = tmp_path / "reproduced.toml"
    mapping.write_text((FIXTURES / "example-leaderboard.toml").read_text(encoding="utf-8")
                       .replace('status = "third-party-report"', 'status = "independently-reproduced"')
                       .replace('path = "example-leaderboard.csv"', f'path = "{FIXTURES / "example-leaderboard.csv"}"'),
                       encoding="utf-8")
    run = chronicle("--root", project, "import", "csv", mapping)
    assert run.exit_code == 1, run
    assert "does not conform to the shapes" in run.stderr and "nothing was written" in run.stderr
    assert "violation: https://w3id.org/chronicle-kg/id/claim/example-example-lm-7b--" in run.stdout
    assert not (project / "imports").exists() or not any((project / "imports").iterdir())
