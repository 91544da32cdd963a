"""Shared fixtures: copies of the repository's chronicle directory in tmp_path, and the real `chronicle`
command run in a subprocess (exit code, stdout and stderr as a user sees them).

Every test that writes works on a copy (`--root COPY`), so the repository's own dist/ is never touched.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
import rdflib
from rdflib.namespace import SH

REPO = Path(__file__).resolve().parents[1]
PARTS = ("ontology", "shapes", "data", "queries")
DUMPS = ("chronicle.ttl", "chronicle.nt", "chronicle.jsonld")
MY_RECORDS = Path(__file__).resolve().parent / "fixtures" / "records" / "my-records.ttl"


@dataclass(frozen=True)
class Run:
    """One run of the `chronicle` command."""

    args: tuple[str, ...]
    exit_code: int
    stdout: str
    stderr: str

    @property
    def out_lines(self) -> list[str]:
        return self.stdout.splitlines()

    @property
    def err_lines(self) -> list[str]:
        return self.stderr.splitlines()

    def __str__(self) -> str:  # shown by pytest when an assertion about a run fails
        return (f"chronicle {' '.join(self.args)} -> exit {self.exit_code}\n"
                f"--- stdout\n{self.stdout}--- stderr\n{self.stderr}")


class Pending:
    """A `chronicle` command started in the background; result() waits for it."""

    def __init__(self, args: tuple[str, ...], process: subprocess.Popen[str]) -> None:
        self._args = args
        self._process = process

    def result(self, timeout: float = 300) -> Run:
        try:
            stdout, stderr = self._process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.communicate()
            raise
        return Run(self._args, self._process.returncode, stdout, stderr)


def start_chronicle(*args: object, cwd: Path | None = None, env: dict[str, str] | None = None) -> Pending:
    """Start `chronicle ARGS...` in a fresh interpreter; CHRONICLE_ROOT is unset unless `env` sets it."""
    environment = {k: v for k, v in os.environ.items() if k != "CHRONICLE_ROOT"}
    environment.update(env or {})
    arguments = tuple(str(a) for a in args)
    process = subprocess.Popen(
        [sys.executable, "-m", "chronicle_kg", *arguments],
        cwd=cwd or REPO, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    return Pending(arguments, process)


class Chronicle:
    """The real command: chronicle("--root", path, "build") runs it and returns a Run;
    chronicle.start(...) starts it in the background, so independent runs can overlap."""

    start = staticmethod(start_chronicle)

    def __call__(self, *args: object, cwd: Path | None = None, env: dict[str, str] | None = None) -> Run:
        return start_chronicle(*args, cwd=cwd, env=env).result()


def copy_repository(target: Path) -> Path:
    """Copy ontology/, shapes/, data/ and queries/ of the repository into `target` (no dist/)."""
    target.mkdir(parents=True)
    for part in PARTS:
        shutil.copytree(REPO / part, target / part)
    return target


def _snapshot(directory: Path) -> dict[str, tuple[bytes, int]] | None:
    """Every file of `directory` with its bytes and mtime, or None when it does not exist."""
    if not directory.exists():
        return None
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(directory.iterdir())}


def _edit_block(path: Path, subject: str, old: str, new: str) -> None:
    """Replace `old` by `new` inside the statement block of `subject` (from the line starting with it to
    the first ` .` line end); fails loudly if the data no longer contains it there."""
    text = path.read_text(encoding="utf-8")
    start = text.find(f"\n{subject} ") + 1
    assert start > 0, f"{path} has no block for {subject}: update the test's edit"
    end = text.index(" .\n", start) + len(" .\n")
    block = text[start:end]
    assert old in block, f"{path}: the block of {subject} no longer contains {old!r}: update the test's edit"
    path.write_text(text[:start] + block.replace(old, new, 1) + text[end:], encoding="utf-8")


def _line_of(path: Path, start: str) -> int:
    """The number of the first line of `path` that starts with `start` (where a subject's block starts)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith(start):
            return number
    raise AssertionError(f"{path} has no line starting with {start!r}")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository (source tree) root: read it, never write it."""
    return REPO


@pytest.fixture(scope="session")
def chronicle() -> Chronicle:
    """Run the real `chronicle` command: chronicle("--root", path, "build") -> Run."""
    return Chronicle()


@pytest.fixture(scope="session")
def snapshot() -> Callable[[Path], dict[str, tuple[bytes, int]] | None]:
    """snapshot(dist) -> {name: (bytes, mtime)}, or None when the directory does not exist."""
    return _snapshot


@pytest.fixture(scope="session")
def edit_block() -> Callable[[Path, str, str, str], None]:
    """edit_block(path, "claim:x", old, new): replace `old` inside the block of subject `claim:x`."""
    return _edit_block


@pytest.fixture(scope="session")
def line_of() -> Callable[[Path, str], int]:
    """line_of(path, start): the number of the first line starting with `start`."""
    return _line_of


@pytest.fixture(scope="session")
def shape_messages() -> Callable[[Path], set[str]]:
    """shape_messages(root): every sh:message of root/shapes/, the texts a result line may carry."""

    def messages(root: Path) -> set[str]:
        graph = rdflib.Graph()
        for path in sorted((root / "shapes").rglob("*.ttl")):
            graph.parse(path, format="turtle")
        return {str(m) for m in graph.objects(None, SH.message)}

    return messages


@pytest.fixture(scope="session")
def my_records() -> Path:
    """A curator's own conforming records file (an organization, its system, a source, a data set and
    one attribute claim), for `chronicle validate my-records.ttl`."""
    return MY_RECORDS


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    """A fresh copy of the repository's chronicle directory, without dist/."""
    return copy_repository(tmp_path / "chronicle")


@dataclass(frozen=True)
class Built:
    """A copy of the repository built once per session with `chronicle --root COPY build`."""

    root: Path
    run: Run
    dumps: dict[str, bytes]

    @property
    def dist(self) -> Path:
        return self.root / "dist"


@pytest.fixture(scope="session")
def generator() -> ModuleType:
    """benchmarks/generate.py, the generator of synthetic graphs."""
    spec = importlib.util.spec_from_file_location("generate", REPO / "benchmarks" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def synthetic_graph(generator: ModuleType,
                    tmp_path_factory: pytest.TempPathFactory) -> Callable[[int, int], tuple[Path, dict]]:
    """A chronicle directory generated by benchmarks/generate.py of about `triples` triples with `seed`, and
    its description of what it planted (shared: copy it before changing it)."""
    made: dict[tuple[int, int], tuple[Path, dict]] = {}

    def generate(triples: int, seed: int) -> tuple[Path, dict]:
        if (triples, seed) not in made:
            out = tmp_path_factory.mktemp("synthetic") / "chronicle"
            made[triples, seed] = out, generator.generate(out, triples, seed=seed)
        return made[triples, seed]
    return generate


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The repository's data built into a copy's dist/ (shared: read it, do not change it)."""
    root = copy_repository(tmp_path_factory.mktemp("built") / "chronicle")
    run = Chronicle()("--root", root, "build")
    assert run.exit_code == 0, str(run)
    return Built(root, run, {name: (root / "dist" / name).read_bytes() for name in DUMPS})


@pytest.fixture
def copy_with_dist(repo_copy: Path, built: Built) -> Path:
    """A fresh copy whose dist/ already holds the dumps of an earlier build (with their mtimes)."""
    shutil.copytree(built.dist, repo_copy / "dist")
    return repo_copy


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-snapshots", action="store_true",
                     help="Rewrite tests/snapshots/ from the current output instead of comparing with it.")


@pytest.fixture
def matches_snapshot(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """Compare text with tests/snapshots/NAME, or rewrite that file with --update-snapshots."""
    def check(name: str, text: str) -> None:
        path = REPO / "tests" / "snapshots" / name
        if request.config.getoption("--update-snapshots"):
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
        assert path.is_file(), f"no snapshot {path}: run pytest --update-snapshots once and review it"
        assert text == path.read_text(encoding="utf-8"), f"{name} differs from its snapshot"
    return check


@dataclass
class LiveServer:
    """A running `chronicle serve` and its log."""

    url: str
    process: subprocess.Popen[str]

    def log(self) -> str:
        return self.process.stderr.read() if self.process.poll() is not None else ""


def start_server(root: Path, *options: object, env: dict[str, str] | None = None) -> LiveServer:
    """Start `chronicle --root ROOT serve --port 0 OPTIONS...` (with `env` added to the environment) and wait
    until it prints its URL."""
    process = subprocess.Popen(
        [sys.executable, "-m", "chronicle_kg", "--root", str(root), "serve", "--port", "0",
         *(str(o) for o in options)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**{k: v for k, v in os.environ.items() if k != "CHRONICLE_ROOT"}, **(env or {})},
    )
    line = process.stdout.readline()
    if not line.startswith("serving "):
        process.kill()
        raise RuntimeError(f"chronicle serve did not start: {line}{process.stderr.read()}")
    return LiveServer(line.split(" at ")[1].split()[0].rstrip("/"), process)


def stop_server(server: LiveServer) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()


HOSTILE_TTL = """\
@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .
@prefix org: <https://w3id.org/chronicle-kg/id/org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

org:hostile-lab a ck:Organization ;
    rdfs:label "<script>document.title='pwned'</script> Lab & \\"Co\\"" ;
    ck:homepage <javascript:alert(1)> .
"""


@pytest.fixture(scope="session")
def served_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository plus one organization whose label and homepage are hostile."""
    root = copy_repository(tmp_path_factory.mktemp("served") / "chronicle")
    (root / "data" / "test-hostile").mkdir()
    (root / "data" / "test-hostile" / "hostile.ttl").write_text(HOSTILE_TTL, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def live(served_root: Path) -> Iterator[LiveServer]:
    """`chronicle serve` on the served copy: 3 workers, 3 s per request, at most 1000 rows."""
    server = start_server(served_root, "--timeout", 3, "--max-rows", 1000, "--workers", 3)
    yield server
    stop_server(server)
