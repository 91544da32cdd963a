"""`chronicle build`: load, validate, and write the dumps; nothing is written unless the graph conforms."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from threading import Event

from .errors import ChronicleError, ValidationFailed
from .export import render_dumps, write_checked
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
    return loaded, conforming_report(loaded, project)


def conforming_report(loaded: LoadedGraph, project: Project) -> Report:
    """The validation report of `loaded`; raise ValidationFailed when it does not conform."""
    report = validate(loaded, load_shapes(project))
    if not report.conforms:
        raise ValidationFailed(report, f"the graph does not conform ({report.summary()}); nothing was written")
    return report


def build(project: Project, out: Path | None = None, store: str = "memory") -> BuildResult:
    """Build the graph of `project` into `out` (default: its dist/), and into an on-disk store if named."""
    spec = StoreSpec.parse(store)
    if spec.kind == "sparql":
        raise ChronicleError(f"--store {store}: build writes local stores; load a SPARQL endpoint with chronicle push")
    loaded = load_project(project)
    stop = Event()
    # The dumps render while the shapes are checked: the engine runs the checks' queries without holding
    # the GIL, so on two cores the two overlap. Nothing is written unless the graph conforms.
    with ThreadPoolExecutor(max_workers=1) as worker:
        rendering = worker.submit(render_dumps, loaded.store, project, stop)
        try:
            report = conforming_report(loaded, project)
        except BaseException:
            stop.set()
            raise
        dumps = rendering.result()
    kept = loaded.store if spec.kind == "oxigraph" else None
    del loaded  # reading the dumps back needs memory; the graph itself is no longer needed
    files = write_checked(dumps, out or project.dist)
    if kept is not None:
        kept.save(Path(spec.location))
    return BuildResult(report, files, dumps.triples.count)
