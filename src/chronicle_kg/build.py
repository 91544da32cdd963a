"""`chronicle build`: load, validate, and write the dumps; nothing is written unless the graph conforms."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ChronicleError, ValidationFailed
from .export import render_dumps, write_rendered
from .load import LoadedGraph, load_project
from .project import Project
from .store import StoreSpec
from .validate import Report, load_shapes, validate


@dataclass(frozen=True)
class BuildResult:
    report: Report
    files: list[Path]
    triples: int


def load_valid(project: Project) -> tuple[LoadedGraph, Report]:
    """Load and validate the project; raise ValidationFailed when it does not conform."""
    loaded = load_project(project)
    report = validate(loaded, load_shapes(project))
    if not report.conforms:
        raise ValidationFailed(report, f"the graph does not conform ({report.summary()}); nothing was written")
    return loaded, report


def build(project: Project, out: Path | None = None, store: str = "memory") -> BuildResult:
    """Build the graph of `project` into `out` (default: its dist/), and into an on-disk store if named."""
    spec = StoreSpec.parse(store)
    if spec.kind == "sparql":
        raise ChronicleError(f"--store {store}: build writes local stores; load a SPARQL endpoint with chronicle push")
    loaded, report = load_valid(project)
    dumps = render_dumps(loaded.store, project)
    files = write_rendered(dumps, out or project.dist)
    if spec.kind == "oxigraph":
        loaded.store.save(Path(spec.location))
    return BuildResult(report, files, dumps.triples)
