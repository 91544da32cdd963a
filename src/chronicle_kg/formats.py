"""One table of RDF formats (name, media type, extension) for loading, dumps and content negotiation.

>>> format_for_path("data/chronicle/systems.ttl").name
'turtle'
>>> by_name("nt").media_type
'application/n-triples'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ChronicleError


@dataclass(frozen=True)
class RdfFormat:
    """An RDF serialization the project reads or writes."""

    name: str
    media_type: str
    extension: str
    datasets: bool  # whether it can carry named graphs


FORMATS: tuple[RdfFormat, ...] = (
    RdfFormat("turtle", "text/turtle", "ttl", False),
    RdfFormat("ntriples", "application/n-triples", "nt", False),
    RdfFormat("jsonld", "application/ld+json", "jsonld", True),
    RdfFormat("trig", "application/trig", "trig", True),
    RdfFormat("nquads", "application/n-quads", "nq", True),
    RdfFormat("rdfxml", "application/rdf+xml", "rdf", False),
)

ALIASES = {"ttl": "turtle", "nt": "ntriples", "json-ld": "jsonld", "nq": "nquads", "rdf": "rdfxml", "xml": "rdfxml"}


def by_name(name: str) -> RdfFormat:
    """The format called `name` (or one of its aliases)."""
    wanted = ALIASES.get(name.lower(), name.lower())
    for fmt in FORMATS:
        if fmt.name == wanted:
            return fmt
    names = ", ".join(f.name for f in FORMATS)
    raise ChronicleError(f"unknown RDF format {name!r}: use one of {names}")


def format_for_path(path: Path | str) -> RdfFormat:
    """The format a file's extension names."""
    suffix = Path(path).suffix.lstrip(".").lower()
    for fmt in FORMATS:
        if fmt.extension == suffix:
            return fmt
    known = ", ".join("." + f.extension for f in FORMATS)
    raise ChronicleError(f"{path}: cannot tell the RDF format from the extension; use one of {known}")
