"""A set of triples written as deterministic Turtle: subjects, predicates and objects sorted, prefixed
names wherever the IRI scheme allows, so that the same triples always give the same bytes.

>>> triples = Triples()
>>> triples.add("https://w3id.org/chronicle-kg/id/system/x", RDF_TYPE, "https://w3id.org/chronicle-kg/ontology#System")
>>> triples.add("https://w3id.org/chronicle-kg/id/system/x", LABEL, Literal("x"))
>>> print(triples.turtle("example"), end="")
# example
@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix system: <https://w3id.org/chronicle-kg/id/system/> .
<BLANKLINE>
system:x a ck:System ;
    rdfs:label "x" .
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .iris import PREFIXES

XSD = "http://www.w3.org/2001/XMLSchema#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
_LOCAL = re.compile(r"^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?$")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


@dataclass(frozen=True, order=True)
class Literal:
    """A literal: its lexical form and datatype IRI (None for a plain string)."""

    lexical: str
    datatype: str | None = None

    @classmethod
    def decimal(cls, value: Decimal) -> Literal:
        text = format(value.normalize(), "f")
        return cls(text if "." in text else text + ".0", XSD + "decimal")

    @classmethod
    def integer(cls, value: int) -> Literal:
        return cls(str(value), XSD + "integer")

    @classmethod
    def date(cls, value: str) -> Literal:
        return cls(value, XSD + "date")

    @classmethod
    def double(cls, value: float) -> Literal:
        return cls(repr(float(value)).replace("e+", "E").replace("e", "E"), XSD + "double")

    @classmethod
    def boolean(cls, value: bool) -> Literal:
        return cls("true" if value else "false", XSD + "boolean")


Term = str | Literal  # an IRI or a literal


class Triples:
    """A set of triples (no blank nodes) that writes itself as sorted Turtle."""

    def __init__(self) -> None:
        self._triples: set[tuple[str, str, Term]] = set()

    def add(self, subject: str, predicate: str, obj: Term) -> None:
        self._triples.add((subject, predicate, obj))

    def __len__(self) -> int:
        return len(self._triples)

    def subjects(self, predicate: str, obj: Term) -> set[str]:
        return {s for s, p, o in self._triples if p == predicate and o == obj}

    def turtle(self, comment: str) -> str:
        """The triples as Turtle, with a leading comment line."""
        used: set[str] = set()
        by_subject: dict[str, dict[str, list[str]]] = {}
        for subject, predicate, obj in self._triples:
            written_object = _literal(obj, used) if isinstance(obj, Literal) else _iri(obj, used)
            written_predicate = "a" if predicate == RDF_TYPE else _iri(predicate, used)
            by_subject.setdefault(_iri(subject, used), {}).setdefault(written_predicate, []).append(written_object)
        lines = [f"# {comment}"]
        lines += [f"@prefix {name}: <{PREFIXES[name]}> ." for name in sorted(used)]
        for subject in sorted(by_subject):
            predicates = by_subject[subject]
            order = sorted(predicates, key=lambda p: (p != "a", p))
            body = " ;\n    ".join(f"{p} {', '.join(sorted(predicates[p]))}" for p in order)
            lines.append(f"\n{subject} {body} .")
        return "\n".join(lines) + "\n"


_BY_LENGTH = sorted(PREFIXES.items(), key=lambda item: -len(item[1]))


def _iri(iri: str, used: set[str]) -> str:
    for name, namespace in _BY_LENGTH:
        if iri.startswith(namespace) and _LOCAL.match(iri[len(namespace):]):
            used.add(name)
            return f"{name}:{iri[len(namespace):]}"
    return f"<{iri}>"


def _literal(literal: Literal, used: set[str]) -> str:
    text = "".join(_ESCAPES.get(ch, ch if ch >= " " else f"\\u{ord(ch):04X}") for ch in literal.lexical)
    if literal.datatype is None:
        return f'"{text}"'
    return f'"{text}"^^{_iri(literal.datatype, used)}'
