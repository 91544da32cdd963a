"""`chronicle import KIND PATH`: run an importer, write its data set as deterministic Turtle, validate it
with the curated graph, and only then replace the data set's folder (atomically, by renames).

Each import writes one folder `imports/<dataset-slug>/` holding `data.ttl` (the named graph
`graph:<dataset-slug>`) and `import-report.txt` (what the CLI prints, in full). The folder is third-party
data: it is git-ignored and never committed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .atomic import replace_directory
from .errors import ImportInputError, ValidationFailed
from .importers import IMPORTERS
from .importers.context import ImportContext, ImportReport
from .iris import graph_iri
from .load import load_files
from .project import Project
from .query import internal_query
from .resolve import KINDS, Resolver, read_aliases
from .validate import Report, load_shapes, validate

ALIASES = Path("data") / "aliases.csv"
TABLES = Path("data") / "import"
_CLASSES = {"System": "system", "Organization": "org", "Benchmark": "benchmark", "Source": "source"}


@dataclass(frozen=True)
class ImportResult:
    """A finished import: where it was written, its report, its validation and how long each step took."""

    folder: Path
    report: ImportReport
    minted: dict[str, dict[str, object]]
    triples: int
    validation: Report | None  # None when validation was skipped
    seconds_import: float
    seconds_validate: float


def import_data_set(project: Project, kind: str, path: Path, into: Path | None = None, *, check: bool = True,
                    progress: Callable[[str], None] = lambda message: None) -> ImportResult:
    """Import the data set at `path` with the importer `kind` into `into` (default: the project's imports/).

    With `check` (the default) the new graph is validated against the shapes together with the curated
    graph before it replaces the old one; without it, it is only parsed back strictly, and `chronicle
    validate` checks it later.
    """
    if kind not in IMPORTERS:
        raise ImportInputError(f"unknown import kind {kind!r}: use one of {', '.join(sorted(IMPORTERS))}")
    importer = IMPORTERS[kind]
    if not path.exists():
        raise ImportInputError(f"{path}: no such file or folder: give the data set's path")
    _, info = importer.describe(path)
    started = time.perf_counter()
    curated_files = project.curated_graph_files()
    resolver, links = _resolution(project, curated_files)
    context = ImportContext(info, resolver, links, project.root / TABLES, progress)
    importer.run(path, context)
    triples = context.finish()
    if context.report.claims == 0 and not context.report.counts["attribute claims"]:
        raise ImportInputError(f"{path}: no row could be imported ({len(context.report.skipped)} skipped): "
                               f"is this a {kind} data set?")
    imported = time.perf_counter()

    folder = (into or project.imports) / info.slug
    validation = None

    def fill(new: Path) -> None:
        nonlocal validation
        data = new / "data.ttl"
        data.write_text(triples.turtle(f"Data set {info.slug}, imported by `chronicle import {kind}`: "
                                       f"{info.attribution}. Third-party data: do not commit."),
                        encoding="utf-8")
        (new / "import-report.txt").write_text(format_report(context.report, context.resolver.minted),
                                               encoding="utf-8")
        loaded = load_files(curated_files + [(data, graph_iri(info.slug))], project.root)
        if check:
            progress(f"validating {len(triples)} triples with the curated graph")
            validation = validate(loaded, load_shapes(project))
            if not validation.conforms:
                raise ValidationFailed(validation, f"the import of {path} does not conform to the shapes "
                                                   f"({validation.summary()}): nothing was written")

    replace_directory(folder, fill)  # written beside the old folder, then exchanged with it in one step
    return ImportResult(folder, context.report, context.resolver.minted, len(triples), validation,
                        imported - started, time.perf_counter() - imported)


def format_report(report: ImportReport, minted: dict) -> str:
    """The full import report: counts, every skipped row, every conflict, every new entity."""
    lines = [f"data set: {report.dataset}", f"rows read: {report.rows_read}",
             f"claims created: {report.claims}"]
    lines += [f"{name}: {count}" for name, count in sorted(report.counts.items())]
    lines.append(f"skipped: {len(report.skipped)}")
    lines += [f"  {where}: {reason}" for where, reason in report.skipped]
    lines.append(f"conflicts within the data set: {len(report.conflicts)}")
    lines += [f"  {conflict}" for conflict in report.conflicts]
    for kind in KINDS:
        entities = minted[kind]
        lines.append(f"new {kind} entities: {len(entities)}")
        for slug in sorted(entities):
            names = ", ".join(sorted(entities[slug].names))
            nearest = ", ".join(entities[slug].nearest) or "none"
            lines.append(f"  {slug} (as {names}; nearest existing: {nearest})")
    return "\n".join(lines) + "\n"


def _resolution(project: Project, files: list[tuple[Path, str]]) -> tuple[Resolver, dict[str, set[str]]]:
    """The resolver over the curated entities' names and the alias table, and each curated system's
    developers and source's publishers."""
    rows, _ = load_files(files, project.root).store.select(internal_query("entity-names"))
    known = [(_CLASSES[str(r["class"]).rsplit("#", 1)[-1]], str(r["entity"]), str(r["name"]))
             for r in rows if "name" in r]
    links: dict[str, set[str]] = {}
    for row in rows:
        if "link" in row:
            links.setdefault(str(row["entity"]), set()).add(str(row["link"]))
    return Resolver(known, read_aliases(project.root / ALIASES, str(ALIASES))), links


def summarize(result: ImportResult, shown: int = 10) -> str:
    """The import report as the CLI prints it: counts, then the first `shown` of each list."""
    report = result.report
    lines = [f"imported {report.dataset} into {result.folder}: {result.triples} triples",
             f"rows read: {report.rows_read}", f"claims created: {report.claims}"]
    lines += [f"{name}: {count}" for name, count in sorted(report.counts.items())]
    lines.append(f"skipped: {len(report.skipped)}")
    lines += [f"  {where}: {reason}" for where, reason in report.skipped[:shown]]
    lines.append(f"conflicts within the data set: {len(report.conflicts)}")
    lines += [f"  {conflict}" for conflict in report.conflicts[:shown]]
    for kind in KINDS:
        entities = result.minted[kind]
        lines.append(f"new {kind} entities: {len(entities)}")
        for slug in sorted(entities)[:shown]:
            nearest = ", ".join(entities[slug].nearest) or "none"
            lines.append(f"  {slug} (as {', '.join(sorted(entities[slug].names))}; nearest existing: {nearest})")
    lines.append(f"validation: {result.validation.summary()}" if result.validation else
                 "validation: skipped (--no-validate): run `chronicle validate` to check the merged graph")
    lines.append(f"time: reading {result.seconds_import:.1f} s, writing and checking {result.seconds_validate:.1f} s")
    lines.append(f"full report: {result.folder / 'import-report.txt'}")
    return "\n".join(lines)
