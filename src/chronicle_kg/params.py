"""Canned-query parameter types: parse what a user typed into an RDF term, or say what would be right.

>>> parse_value("iri:system", "internlm-20b")
rdflib.term.URIRef('https://w3id.org/chronicle-kg/id/system/internlm-20b')
>>> parse_value("concept:significance", "H2")
rdflib.term.URIRef('https://w3id.org/chronicle-kg/vocab/significance/H2')
>>> parse_value("date", "2025-01-01")
rdflib.term.Literal('2025-01-01', datatype=rdflib.term.URIRef('http://www.w3.org/2001/XMLSchema#date'))
>>> parse_value("date", "yesterday")
Traceback (most recent call last):
...
chronicle_kg.errors.ParameterError: 'yesterday' is not a date: write it as YYYY-MM-DD, e.g. 2025-01-01
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal, InvalidOperation

import rdflib
from rdflib.namespace import XSD

from .errors import ChronicleError, ParameterError
from .iris import ENTITY_KINDS, SCHEMES, VOCAB, check_slug, entity_iri
from .store import Term, checked_iri

SCALAR_TYPES = ("string", "date", "integer", "count", "decimal", "boolean")
_NOTATION = re.compile(r"^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$")


def check_type(type_name: str) -> str:
    """Return the type name if the project knows it, else raise ParameterError listing the known ones."""
    kind, _, qualifier = type_name.partition(":")
    if (type_name in SCALAR_TYPES or (kind == "iri" and qualifier in ENTITY_KINDS)
            or (kind == "concept" and qualifier in SCHEMES)):
        return type_name
    raise ParameterError(
        f"unknown parameter type {type_name!r}: use one of {', '.join(SCALAR_TYPES)}, "
        f"iri:KIND ({', '.join(ENTITY_KINDS)}) or concept:SCHEME"
    )


def parse_value(type_name: str, text: str) -> Term:
    """The RDF term for `text` read as `type_name`."""
    kind, _, qualifier = type_name.partition(":")
    if kind == "iri":
        if "://" in text:
            return _iri(text)
        try:
            return rdflib.URIRef(entity_iri(qualifier, check_slug(text)))
        except ValueError as error:
            raise ParameterError(f"{text!r} is neither a {qualifier} slug nor a full IRI: {error}") from None
    if kind == "concept":
        if "://" in text:
            return _iri(text)
        if not _NOTATION.match(text):
            raise ParameterError(f"{text!r} is not a {qualifier} notation (e.g. the H2 of 'H2 · Field milestone')")
        return rdflib.URIRef(f"{VOCAB}{qualifier}/{text}")
    return _SCALARS[type_name](text)


def _iri(text: str) -> Term:
    try:
        return checked_iri(text)
    except ChronicleError as error:
        raise ParameterError(str(error)) from None


def _string(text: str) -> Term:
    return rdflib.Literal(text)


def _date(text: str) -> Term:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        raise ParameterError(f"{text!r} is not a date: write it as YYYY-MM-DD, e.g. 2025-01-01") from None
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise ParameterError(f"{text!r} is not a date: write it as YYYY-MM-DD, e.g. 2025-01-01")
    return rdflib.Literal(text, datatype=XSD.date)


def _integer(text: str) -> Term:
    if not re.fullmatch(r"[+-]?\d+", text.strip()):
        raise ParameterError(f"{text!r} is not a whole number, e.g. 5")
    return rdflib.Literal(str(int(text)), datatype=XSD.integer)


def _count(text: str) -> Term:
    if not re.fullmatch(r"\+?\d+", text.strip()):
        raise ParameterError(f"{text!r} is not a count: a whole number, 0 or more, e.g. 10")
    return _integer(text)


def _decimal(text: str) -> Term:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise ParameterError(f"{text!r} is not a number, e.g. 75.6") from None
    if not value.is_finite():
        raise ParameterError(f"{text!r} is not a finite number, e.g. 75.6")
    return rdflib.Literal(format(value, "f"), datatype=XSD.decimal)


def _boolean(text: str) -> Term:
    lowered = text.strip().lower()
    if lowered not in ("true", "false", "yes", "no", "1", "0"):
        raise ParameterError(f"{text!r} is not a boolean: use true or false")
    return rdflib.Literal("true" if lowered in ("true", "yes", "1") else "false", datatype=XSD.boolean)


_SCALARS = {"string": _string, "date": _date, "integer": _integer, "count": _count, "decimal": _decimal, "boolean": _boolean}
