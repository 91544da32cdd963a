"""Where each subject of a loaded file is written, so reports can say `file:line`.

Oxigraph's parser reports positions only for errors, so the map is read off the text: a subject's
line is the first line that starts with one of its spellings (`<iri>` or `prefix:local`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Location:
    file: str
    line: int


@dataclass
class SourceMap:
    """Subject IRI -> the places its statement blocks start, with the predicates each place asserts."""

    _places: dict[str, list[tuple[Location, set[str]]]] = field(default_factory=dict)

    def add_file(self, display_name: str, text: str, prefixes: dict[str, str],
                 subjects: dict[str, set[str]]) -> None:
        for number, line in enumerate(text.splitlines(), start=1):
            words = line.split(None, 1)
            subject = _spelled(words[0], prefixes) if words else None
            if subject in subjects and not any(
                place.file == display_name for place, _ in self._places.get(subject, [])
            ):
                self._places.setdefault(subject, []).append(
                    (Location(display_name, number), subjects[subject])
                )

    def forget_file(self, display_name: str) -> None:
        """Drop every place in file `display_name` (before loading it again)."""
        for subject, places in list(self._places.items()):
            kept = [(place, predicates) for place, predicates in places if place.file != display_name]
            if kept:
                self._places[subject] = kept
            else:
                del self._places[subject]

    def locate(self, subject: str, predicate: str | None = None) -> Location | None:
        """The place that asserts `predicate` of `subject` if known, else where `subject` is first written."""
        places = self._places.get(subject, [])
        for place, predicates in places:
            if predicate in predicates:
                return place
        return places[0][0] if places else None


def _spelled(word: str, prefixes: dict[str, str]) -> str | None:
    """The IRI that `word` spells as `<iri>` or `prefix:local`, if it is one of those."""
    if word.startswith("<") and word.endswith(">"):
        return word[1:-1]
    prefix, colon, local = word.partition(":")
    namespace = prefixes.get(prefix) if colon else None
    return namespace + local if namespace is not None else None


def display_name(path: Path, root: Path) -> str:
    """A path relative to the chronicle directory when inside it, else as given."""
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)
