"""Release versions: their names, where they live (dist/VERSION/), and reading one back.

>>> parse_version("1.10.0") > parse_version("1.9.3")
True
>>> parse_version("v1.0")
Traceback (most recent call last):
...
chronicle_kg.errors.ChronicleError: version 'v1.0' is malformed: write MAJOR.MINOR.PATCH in digits, e.g. 1.0.0
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from .errors import ChronicleError
from .project import Project
from .store import Store

_VERSION = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)")
CURRENT = "current"  # the chronicle directory's data, as opposed to a release
DATASET_DUMP = "chronicle.nq"  # the dump a release is read back from: every named graph
CHECKSUMS = "SHA256SUMS"


def parse_version(text: str) -> tuple[int, int, int]:
    """A release version `MAJOR.MINOR.PATCH` as numbers, in the order releases follow."""
    match = _VERSION.fullmatch(text)
    if match is None:
        raise ChronicleError(f"version {text!r} is malformed: write MAJOR.MINOR.PATCH in digits, e.g. 1.0.0")
    major, minor, patch = (int(part) for part in match.groups())
    return major, minor, patch


def release_dir(project: Project, version: str) -> Path:
    """Where release `version` of the project lives: dist/VERSION/."""
    parse_version(version)
    return project.dist / version


def existing_versions(project: Project) -> list[str]:
    """The releases in dist/, oldest first (directories whose name is a version)."""
    if not project.dist.is_dir():
        return []
    names = [p.name for p in project.dist.iterdir() if p.is_dir() and _VERSION.fullmatch(p.name)]
    return sorted(names, key=parse_version)


def previous_version(project: Project, version: str) -> str | None:
    """The highest existing release below `version`, or None for the first."""
    below = [v for v in existing_versions(project) if parse_version(v) < parse_version(version)]
    return below[-1] if below else None


def load_release(project: Project, version: str) -> Store:
    """A new memory store holding release `version` (its N-Quads dump, every named graph), after checking
    the dump against the release's SHA256SUMS."""
    directory = release_dir(project, version)
    if not directory.is_dir():
        known = ", ".join(existing_versions(project)) or "none"
        raise ChronicleError(f"no release {version} in {project.dist} (releases: {known}): "
                             f"run chronicle release {version} first")
    dump = directory / DATASET_DUMP
    expected = read_checksums(directory / CHECKSUMS).get(DATASET_DUMP)
    try:
        actual = hashlib.sha256(dump.read_bytes()).hexdigest()
    except OSError as error:
        raise ChronicleError(f"{dump}: cannot read: {error.strerror or error}") from None
    if expected != actual:
        raise ChronicleError(f"{dump}: its SHA-256 is not the one {CHECKSUMS} records: the release was "
                             "changed after it was made; make a new release instead")
    store = Store.memory()
    store.load_dataset(dump, str(dump))
    return store


def read_checksums(path: Path) -> dict[str, str]:
    """`name -> hex digest` from a SHA256SUMS file (the `sha256sum` format)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ChronicleError(f"{path}: cannot read: {error.strerror or error}") from None
    checksums = {}
    for number, line in enumerate(lines, start=1):
        digest, separator, name = line.partition("  ")
        if not separator or len(digest) != 64:
            raise ChronicleError(f"{path}:{number}: not a `sha256sum` line (DIGEST, two spaces, file name)")
        checksums[name] = digest
    return checksums
