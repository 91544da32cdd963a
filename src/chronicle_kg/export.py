"""Dumps of the built graph: Turtle, N-Triples and JSON-LD, deterministic and written atomically."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from threading import Event

from .atomic import write_files
from .errors import ChronicleError
from .formats import RdfFormat, by_name, format_for_path
from .iris import PREFIXES
from .jsonld import compact_nodes, document_text
from .project import Project
from .store import SortedTriples, Store

DUMP_NAME = "chronicle"
DUMP_FORMATS = ("turtle", "ntriples", "jsonld")


def context_document(project: Project) -> dict:
    """The JSON-LD context the project ships (ontology/context.jsonld)."""
    path = project.root / "ontology" / "context.jsonld"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ChronicleError(f"{path}: cannot read the JSON-LD context: {error}") from None


def render(store: Store, fmt: RdfFormat, project: Project) -> bytes:
    """The whole graph in one format, byte for byte the same for the same data."""
    return render_sorted(store.sorted_triples(), fmt, project)


def render_sorted(triples: SortedTriples, fmt: RdfFormat, project: Project) -> bytes:
    """`triples` in one format, in their order: Turtle and N-Triples by the engine, JSON-LD compacted with the
    project's context, one node at a time."""
    if fmt.name != "jsonld":
        return triples.serialize(fmt, PREFIXES)
    context = context_document(project)["@context"]
    return document_text(context, compact_nodes(triples.expanded_nodes(), context)).encode("utf-8")


@dataclass(frozen=True)
class Dumps:
    """The dumps by file name, rendered from `triples` (the graph, sorted)."""

    triples: SortedTriples
    files: dict[str, bytes]


def render_dumps(store: Store, project: Project, stop: Event | None = None) -> Dumps | None:
    """Render every dump from one sorted copy of the graph; None if `stop` was set (checked between formats)."""
    triples = store.sorted_triples()
    files = {}
    for name in DUMP_FORMATS:
        if stop is not None and stop.is_set():
            return None
        fmt = by_name(name)
        files[f"{DUMP_NAME}.{fmt.extension}"] = render_sorted(triples, fmt, project)
    return Dumps(triples, files)


def write_checked(dumps: Dumps, directory: Path) -> list[Path]:
    """Check each dump parses back to the same graph, then put them in `directory` all at once (its other
    entries stay)."""
    for file_name, data in dumps.files.items():
        fmt = format_for_path(file_name)
        if not dumps.triples.read_back(data, fmt, str(directory / file_name)):
            raise ChronicleError(f"{directory / file_name}: the {fmt.name} dump does not read back as the same graph")
    write_files(directory, dumps.files)
    return [directory / name for name in dumps.files]


def write_dumps(store: Store, project: Project, directory: Path) -> list[Path]:
    """Render every dump, check each parses back to the same graph, then put them in `directory` all at once
    (its other entries stay)."""
    return write_checked(render_dumps(store, project), directory)
