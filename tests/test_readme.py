"""The README cannot rot: its test command is what CI runs, and every `chronicle` command it shows runs."""

from __future__ import annotations

import re
import shlex
import shutil
import urllib.request
from pathlib import Path

import pytest
from conftest import start_server, stop_server

REPO = Path(__file__).resolve().parents[1]


def _section(title: str) -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def _code_blocks(section: str) -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", section, flags=re.MULTILINE | re.DOTALL)


def _commands() -> list[str]:
    """Every command line of the README's Commands block, without its comment."""
    (block,) = _code_blocks(_section("Commands"))
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.split("#", 1)[0].strip()]


def test_readme_test_command_is_what_ci_runs():
    test = _code_blocks(_section("Quickstart"))[1]
    ci_lines = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()

    assert test.strip() in ci_lines, "README's test command and .ci/run differ: change both"


def test_readme_lists_chronicle_commands():
    assert _commands(), "README's Commands block is empty"
    assert all(shlex.split(c)[0] == "chronicle" for c in _commands())


@pytest.mark.parametrize("command", _commands())
def test_every_readme_command_runs(chronicle, repo_copy, tmp_path, my_records, command):
    workdir = tmp_path / "work"
    workdir.mkdir()
    args = shlex.split(command)[1:]
    if "my-records.ttl" in args:
        shutil.copy(my_records, workdir / "my-records.ttl")
    if args[0] == "serve":  # runs until stopped: check it serves (on a free port), then stop it
        options = args[1:args.index("--port")] + args[args.index("--port") + 2:] if "--port" in args else args[1:]
        server = start_server(repo_copy, *options)
        try:
            with urllib.request.urlopen(f"{server.url}/queries/scorecard.csv?system=internlm-20b") as response:
                assert response.status == 200
        finally:
            stop_server(server)
        return

    run = chronicle("--root", repo_copy, *args, cwd=workdir)

    assert run.exit_code == 0, str(run)
    assert "Traceback" not in run.stderr, str(run)
    if args[0] == "build":
        assert sorted(p.name for p in (repo_copy / "dist").iterdir()) == [
            "chronicle.jsonld", "chronicle.nt", "chronicle.ttl"]
