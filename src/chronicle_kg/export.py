"""Dumps of the built graph: Turtle, N-Triples and JSON-LD, deterministic and written atomically."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .atomic import write_files
from .errors import ChronicleError
from .formats import RdfFormat, by_name
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
    """The rendered dumps by file name, each checked to read back as the graph, and the graph's size."""

    files: dict[str, bytes]
    triples: int


def render_dumps(store: Store, project: Project) -> Dumps:
    """Render every dump from one sorted copy of the graph, and check each parses back to the same graph."""
    triples = store.sorted_triples()
    files = {}
    for name in DUMP_FORMATS:
        fmt = by_name(name)
        data = render_sorted(triples, fmt, project)
        file_name = f"{DUMP_NAME}.{fmt.extension}"
        if not triples.read_back(data, fmt, file_name):
            raise ChronicleError(f"{file_name}: the {fmt.name} dump does not read back as the same graph")
        files[file_name] = data
    return Dumps(files, triples.count)


def write_rendered(dumps: Dumps, directory: Path) -> list[Path]:
    """Put the dumps in `directory` all at once (its other entries stay)."""
    write_files(directory, dumps.files)
    return [directory / name for name in dumps.files]


def write_dumps(store: Store, project: Project, directory: Path) -> list[Path]:
    """Render every dump, check each parses back to the same graph, then put them in `directory` all at once
    (its other entries stay)."""
    return write_rendered(render_dumps(store, project), directory)
