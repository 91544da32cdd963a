"""`chronicle validate FILE` for a curator's own file, and finding the chronicle directory when no --root is
given: the current directory when it is one, else the copy that comes with the package."""

from __future__ import annotations

import shutil

from chronicle_kg.project import Project

CLAIM = "claim:example-7b--parameter-count--my-records"
CLAIM_IRI = "https://w3id.org/chronicle-kg/id/claim/example-7b--parameter-count--my-records"


def test_conforming_user_file_is_validated_with_the_ontology(chronicle, repo_copy, tmp_path, my_records):
    shutil.copy(my_records, tmp_path / "my-records.ttl")

    run = chronicle("--root", repo_copy, "validate", "my-records.ttl", cwd=tmp_path)

    assert run.exit_code == 0, str(run)
    assert run.out_lines == [], str(run)
    assert run.err_lines == ["conforms: 0 violation(s), 0 warning(s)"], str(run)


def test_user_file_violation_names_the_file_as_given_and_the_line(chronicle, repo_copy, tmp_path, my_records,
                                                                   edit_block, line_of, shape_messages):
    records = tmp_path / "records" / "mine.ttl"
    records.parent.mkdir()
    shutil.copy(my_records, records)
    edit_block(records, CLAIM, "    ck:citesSource source:example-7b-model-card ;\n", "")
    line = line_of(records, CLAIM)

    relative = chronicle.start("--root", repo_copy, "validate", "records/mine.ttl", cwd=tmp_path)
    absolute = chronicle.start("--root", repo_copy, "validate", records, cwd=tmp_path)

    messages = shape_messages(repo_copy)
    for run, given in ((relative.result(), "records/mine.ttl"), (absolute.result(), str(records))):
        assert run.exit_code == 1, str(run)
        assert "Traceback" not in run.stderr, str(run)
        start = f"{given}:{line}: violation: {CLAIM_IRI}: "
        violations = [result for result in run.out_lines if ": violation: " in result]
        assert len(violations) == 1 and violations[0].startswith(start), str(run)
        assert violations[0][len(start):] in messages, str(run)
        assert run.err_lines[-1].startswith("does not conform: 1 violation(s), "), str(run)


def test_missing_user_file_cannot_be_validated(chronicle, repo_copy, tmp_path):
    run = chronicle("--root", repo_copy, "validate", "nowhere.ttl", cwd=tmp_path)

    assert run.exit_code == 2, str(run)
    assert run.err_lines == ["chronicle: error: nowhere.ttl: no such file"], str(run)


def test_project_outside_a_chronicle_directory_is_the_packaged_copy(monkeypatch, tmp_path, repo_root):
    monkeypatch.chdir(tmp_path)

    found = Project.find()

    assert found.root == repo_root or found.root.name == "bundle", found  # source tree, or installed wheel
    for name in ("ontology/chronicle.ttl", "ontology/vocabularies.ttl"):
        assert (found.root / name).read_bytes() == (repo_root / name).read_bytes()


def test_validate_outside_a_chronicle_directory_uses_the_packaged_copy(chronicle, tmp_path):
    run = chronicle("validate", cwd=tmp_path)

    assert run.exit_code == 0, str(run)
    assert run.err_lines[-1].startswith("conforms: 0 violation(s), "), str(run)
    assert list(tmp_path.iterdir()) == []
