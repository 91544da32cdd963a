"""Dumps of the built graph: Turtle, N-Triples and JSON-LD, deterministic and written atomically."""

from __future__ import annotations

import json
from pathlib import Path

from .atomic import write_files
from .errors import ChronicleError
from .formats import RdfFormat, by_name
from .iris import PREFIXES
from .jsonld import compact_nodes
from .project import Project
from .store import Store, parse_statements

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
    if fmt.name != "jsonld":
        return store.dump(fmt, PREFIXES)
    context = context_document(project)
    expanded = json.loads(store.dump(fmt, {}))
    document = {"@context": context["@context"], "@graph": compact_nodes(expanded, context["@context"])}
    return (json.dumps(document, indent=1, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")


def write_dumps(store: Store, project: Project, directory: Path) -> list[Path]:
    """Render every dump, check each parses back to the same graph, then put them in `directory` all at once
    (its other entries stay)."""
    rendered = {}
    expected = store.statements()
    for name in DUMP_FORMATS:
        fmt = by_name(name)
        data = render(store, fmt, project)
        target = directory / f"{DUMP_NAME}.{fmt.extension}"
        if parse_statements(data, fmt, str(target)) != expected:
            raise ChronicleError(f"{target}: the {fmt.name} dump does not read back as the same graph")
        rendered[target] = data
    write_files(directory, {target.name: data for target, data in rendered.items()})
    return list(rendered)
