"""Entity resolution: the names sources use for a system, organization, benchmark or source, mapped to
one IRI.

A name resolves, in this order, through the alias table (data/aliases.csv: kind, name, slug), then the
labels and alternative names (rdfs:label, ck:altName, ck:title) of the entities already in the graph,
compared after normalisation (ASCII-folded, lower-case, only letters, digits and dots kept, so that
"InternLM 20B", "InternLM-20B" and "internlm_20b" agree). A name that matches nothing mints a new
entity whose slug is the slugified name; the resolver remembers it, with the nearest existing names, for
the import report.

>>> resolver = Resolver([("system", "https://w3id.org/chronicle-kg/id/system/internlm-20b", "internlm-20b")], [])
>>> resolver.resolve("system", "InternLM 20B").iri
'https://w3id.org/chronicle-kg/id/system/internlm-20b'
>>> resolver.resolve("system", "InternLM 7B").minted, resolver.minted["system"]["internlm-7b"].nearest
(True, ['internlm-20b'])
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ImportInputError
from .iris import entity_iri, slugify
from .tabular import read_csv

KINDS = ("system", "org", "benchmark", "source")


def normalise(name: str) -> str:
    """The key names are compared by: ASCII-folded, lower-case, letters, digits and dots only."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9.]+", "", folded).strip(".")


@dataclass(frozen=True)
class Resolution:
    iri: str
    minted: bool


@dataclass
class Minted:
    """An entity the import creates: the names it was seen under and the nearest existing names."""

    names: set[str] = field(default_factory=set)
    nearest: list[str] = field(default_factory=list)


class Resolver:
    """Maps names to IRIs, minting (and remembering) entities for names it cannot resolve."""

    def __init__(self, known: list[tuple[str, str, str]], aliases: list[tuple[str, str, str]]) -> None:
        self._keys: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
        self._labels: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
        self._known = {iri for _, iri, _ in known}
        for kind, iri, name in sorted(known):
            if kind in self._keys and normalise(name):
                self._keys[kind].setdefault(normalise(name), iri)
                self._labels[kind].setdefault(normalise(name), name)
        for kind, name, slug in sorted(aliases):
            self._keys[kind][normalise(name)] = entity_iri(kind, slug)
        self.minted: dict[str, dict[str, Minted]] = {kind: {} for kind in KINDS}

    def resolve(self, kind: str, name: str) -> Resolution:
        """The IRI for a name, minting a new entity when nothing matches."""
        key = normalise(name)
        if not key:
            raise ValueError(f"an empty {kind} name cannot be resolved")
        found = self._keys[kind].get(key)
        if found in self._known:
            return Resolution(found, False)
        # an alias to an entity not in the graph, or a name seen before in this import, or a new name
        slug = found.rsplit("/", 1)[-1] if found else (slugify(name) or key.replace(".", "-"))
        iri = entity_iri(kind, slug)
        if iri in self._known:
            return Resolution(iri, False)
        minted = self.minted[kind].setdefault(slug, Minted())
        if not minted.names:
            minted.nearest = [self._labels[kind][k] for k in
                              difflib.get_close_matches(key, sorted(self._labels[kind]), n=3, cutoff=0.8)]
        minted.names.add(name.strip())
        self._keys[kind][key] = iri
        return Resolution(iri, True)


def read_aliases(path: Path, name: str) -> list[tuple[str, str, str]]:
    """The alias table: (kind, name, slug) rows, each kind one of KINDS and each slug valid."""
    if not path.exists():
        return []
    table = read_csv(path, name, ["kind", "name", "slug"])
    aliases = []
    for row in table.rows:
        kind, alias, slug = row.get("kind"), row.get("name"), row.get("slug")
        if kind not in KINDS:
            raise ImportInputError(f"{table.where(row)}: unknown kind {kind!r}: use one of {', '.join(KINDS)}")
        try:
            entity_iri(kind, slug)
        except ValueError as error:
            raise ImportInputError(f"{table.where(row)}: {error}") from None
        aliases.append((kind, alias, slug))
    return aliases
