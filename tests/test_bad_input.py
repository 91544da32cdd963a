"""What a curator sees when the data is wrong: the exit code (1 the data does not conform, 2 could not run),
one line naming the file and line to fix, no Python traceback, and a dist/ that `chronicle build` left
exactly as it was (or did not create)."""

from __future__ import annotations

from pathlib import Path

import pytest

PREFIX_CK = "@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .\n"
SCORES = Path("data/epoch-benchmarks/scores.ttl")
LAMBADA = "claim:internlm-20b--lambada--qwen-technical-report--epoch-benchmarks"
ARC = "claim:internlm-20b--arc-ai2--qwen-technical-report--epoch-benchmarks"
MILESTONES = Path("data/chronicle/milestones.ttl")
MILESTONE = "milestone:internlm-math"


def _iri(prefixed: str) -> str:
    kind, slug = prefixed.split(":", 1)
    return f"https://w3id.org/chronicle-kg/id/{kind}/{slug}"


def _assert_could_not_run(run, *, starts: str) -> str:
    """Exit 2, nothing on stdout, one error line on stderr starting with `chronicle: error: {starts}`."""
    assert run.exit_code == 2, str(run)
    assert "Traceback" not in run.stderr, str(run)
    assert run.stdout == "", str(run)
    assert len(run.err_lines) == 1, str(run)
    assert run.err_lines[0].startswith(f"chronicle: error: {starts}"), str(run)
    return run.err_lines[0]


def _assert_violation_line(run, *, file: Path, line: int, focus: str, messages: set[str]) -> None:
    """Exit 1 and a result line `file:line: violation: focus: message`, the message one of the shapes'."""
    assert run.exit_code == 1, str(run)
    assert "Traceback" not in run.stderr, str(run)
    start = f"{file}:{line}: violation: {focus}: "
    found = [result for result in run.out_lines if result.startswith(start)]
    assert found, f"no line starting with {start!r}\n{run}"
    assert all(result[len(start):] in messages for result in found), f"message not from shapes/\n{run}"


def _write_data_file(root: Path, text: str | bytes, name: str = "data/epoch-benchmarks/x.ttl") -> None:
    path = root / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


# ---- files that cannot be read: exit 2, file:line:col -------------------------------------------


@pytest.mark.parametrize("command", ["validate", "build"])
def test_turtle_syntax_error_names_file_line_and_column(chronicle, copy_with_dist, snapshot, command):
    _write_data_file(copy_with_dist, PREFIX_CK + "\nck:x ck:y ck:z .\nck:a ck:b = .\nck:q ck:r ck:s .\n")
    before = snapshot(copy_with_dist / "dist")

    run = chronicle("--root", copy_with_dist, command)

    _assert_could_not_run(run, starts="data/epoch-benchmarks/x.ttl:4:11: ")
    assert snapshot(copy_with_dist / "dist") == before


def test_unknown_prefix_names_file_line_and_column(chronicle, copy_with_dist, snapshot):
    _write_data_file(copy_with_dist, PREFIX_CK + "\nck:x ck:y ck:z .\nck:a ck:b foo:c .\n")
    before = snapshot(copy_with_dist / "dist")

    run = chronicle("--root", copy_with_dist, "build")

    message = _assert_could_not_run(run, starts="data/epoch-benchmarks/x.ttl:4:11: ")
    assert "foo" in message
    assert snapshot(copy_with_dist / "dist") == before


def test_blank_node_in_a_data_file_is_refused(chronicle, copy_with_dist, snapshot):
    _write_data_file(copy_with_dist, PREFIX_CK + "\nck:a ck:b [ ck:c ck:d ] .\n")
    before = snapshot(copy_with_dist / "dist")

    run = chronicle("--root", copy_with_dist, "build")

    message = _assert_could_not_run(run, starts="data/epoch-benchmarks/x.ttl: ")
    assert "blank node" in message
    assert snapshot(copy_with_dist / "dist") == before


def test_data_file_outside_a_data_set_folder_is_refused(chronicle, copy_with_dist, snapshot):
    _write_data_file(copy_with_dist, PREFIX_CK + "\nck:a ck:b ck:c .\n", name="data/x.ttl")
    before = snapshot(copy_with_dist / "dist")

    run = chronicle("--root", copy_with_dist, "build")

    message = _assert_could_not_run(run, starts="")
    assert "data/x.ttl: data files belong in a data set folder, data/<dataset-slug>/x.ttl" in message
    assert snapshot(copy_with_dist / "dist") == before


def test_non_utf8_data_file_is_refused(chronicle, copy_with_dist, snapshot):
    _write_data_file(copy_with_dist, PREFIX_CK.encode() + b'\nck:a ck:b "caf\xe9" .\n')
    before = snapshot(copy_with_dist / "dist")

    run = chronicle("--root", copy_with_dist, "build")

    message = _assert_could_not_run(run, starts="data/epoch-benchmarks/x.ttl: ")
    assert "UTF-8" in message
    assert snapshot(copy_with_dist / "dist") == before


def test_failed_build_does_not_create_dist(chronicle, repo_copy):
    _write_data_file(repo_copy, PREFIX_CK + "\nck:x ck:y ck:z .\nck:a ck:b = .\n")

    run = chronicle("--root", repo_copy, "build")

    _assert_could_not_run(run, starts="data/epoch-benchmarks/x.ttl:4:11: ")
    dist = repo_copy / "dist"
    assert not dist.exists() or not any(dist.iterdir())


def test_root_without_ontology_is_not_a_chronicle_directory(chronicle, repo_copy):
    (repo_copy / "ontology").rename(repo_copy.parent / "elsewhere")

    run = chronicle("--root", repo_copy, "build")

    message = _assert_could_not_run(run, starts=f"{repo_copy} is not a chronicle directory: ")
    assert "ontology/" in message
    assert not (repo_copy / "dist").exists()


def test_chronicle_root_variable_is_used_like_root(chronicle, tmp_path):
    run = chronicle("validate", env={"CHRONICLE_ROOT": str(tmp_path)})

    message = _assert_could_not_run(run, starts=f"{tmp_path} is not a chronicle directory: ")
    assert "ontology/, shapes/, data/, queries/" in message


# ---- values of the wrong datatype: exit 1 or 2, file:line of the claim ---------------------------


@pytest.mark.parametrize("value", ['"2023-13-45"^^xsd:date', '"yesterday"^^xsd:date', '"yesterday"'])
def test_measured_date_that_is_not_a_date_names_the_claims_line(chronicle, copy_with_dist, snapshot,
                                                                edit_block, line_of, value):
    scores = copy_with_dist / SCORES
    edit_block(scores, LAMBADA, 'ck:measuredDate "2023-09-18"^^xsd:date', f"ck:measuredDate {value}")
    before = snapshot(copy_with_dist / "dist")

    run = chronicle("--root", copy_with_dist, "build")

    assert run.exit_code in (1, 2), str(run)
    assert "Traceback" not in run.stderr, str(run)
    where = f"{SCORES}:{line_of(scores, LAMBADA)}:"
    named = [line for line in run.out_lines + run.err_lines if where in line and _iri(LAMBADA) in line]
    assert named, f"no line naming {where} and the claim\n{run}"
    assert snapshot(copy_with_dist / "dist") == before


# ---- data that does not conform to shapes/: exit 1, file:line: violation: claim: message ---------


def test_claim_without_a_source_is_a_violation_at_the_claims_line(chronicle, copy_with_dist, snapshot,
                                                                  edit_block, line_of, shape_messages):
    scores = copy_with_dist / SCORES
    edit_block(scores, LAMBADA, "    ck:citesSource source:qwen-technical-report ;\n", "")
    before = snapshot(copy_with_dist / "dist")

    validate = chronicle("--root", copy_with_dist, "validate")
    build = chronicle("--root", copy_with_dist, "build")

    for run in (validate, build):
        _assert_violation_line(run, file=SCORES, line=line_of(scores, LAMBADA), focus=_iri(LAMBADA),
                               messages=shape_messages(copy_with_dist))
    assert validate.err_lines[-1].startswith("does not conform: "), str(validate)
    assert build.err_lines[-1].startswith("chronicle: the graph does not conform ("), str(build)
    assert snapshot(copy_with_dist / "dist") == before


def test_evidence_status_outside_its_scheme_is_a_violation_and_creates_no_dist(chronicle, repo_copy, edit_block,
                                                                               line_of, shape_messages):
    scores = repo_copy / SCORES
    edit_block(scores, ARC, "evidence-status:self-reported", "evidence-status:made-up")

    run = chronicle("--root", repo_copy, "build")

    _assert_violation_line(run, file=SCORES, line=line_of(scores, ARC), focus=_iri(ARC),
                           messages=shape_messages(repo_copy))
    dist = repo_copy / "dist"
    assert not dist.exists() or not any(dist.iterdir())


def test_milestone_level_other_than_its_latest_events_is_a_violation(chronicle, copy_with_dist, snapshot,
                                                                     edit_block, line_of, shape_messages):
    milestones = copy_with_dist / MILESTONES
    edit_block(milestones, MILESTONE, "ck:evidenceLevel evidence-level:E3 ;", "ck:evidenceLevel evidence-level:E2 ;")
    before = snapshot(copy_with_dist / "dist")

    run = chronicle("--root", copy_with_dist, "build")

    _assert_violation_line(run, file=MILESTONES, line=line_of(milestones, MILESTONE), focus=_iri(MILESTONE),
                           messages=shape_messages(copy_with_dist))
    assert snapshot(copy_with_dist / "dist") == before


def test_oversized_literal_is_refused_with_the_limit(repo_copy, chronicle):
    notes = repo_copy / "data" / "chronicle" / "huge.ttl"
    notes.write_text('<https://w3id.org/chronicle-kg/id/system/internlm-20b> '
                     '<https://w3id.org/chronicle-kg/ontology#family> "' + "a" * 1_000_001 + '" .\n',
                     encoding="utf-8")
    run = chronicle("--root", repo_copy, "validate")
    assert run.exit_code == 2, run
    assert "data/chronicle/huge.ttl: a literal of 1000001 characters" in run.stderr
    assert "Traceback" not in run.stderr
