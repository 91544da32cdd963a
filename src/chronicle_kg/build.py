"""`chronicle build`: load, validate, and write the dumps; nothing is written unless the graph conforms."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ValidationFailed
from .export import write_dumps
from .load import load_project
from .project import Project
from .validate import Report, load_shapes, validate


@dataclass(frozen=True)
class BuildResult:
    report: Report
    files: list[Path]
    triples: int


def build(project: Project, out: Path | None = None, store_spec: str = "memory") -> BuildResult:
    """Build the graph of `project` into `out` (default: its dist/)."""
    loaded = load_project(project, store_spec)
    report = validate(loaded, load_shapes(project))
    if not report.conforms:
        raise ValidationFailed(report, f"the graph does not conform ({report.summary()}); dist/ is unchanged")
    files = write_dumps(loaded.store, project, out or project.dist)
    return BuildResult(report, files, len(loaded.store.statements()))
