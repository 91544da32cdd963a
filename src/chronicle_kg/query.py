"""Run canned queries and SPARQL on a store, with parameters bound as values, and get typed rows.

Parameters reach SPARQL as a VALUES block of engine-serialized terms placed at the start of the
query's outermost WHERE group, so the same text runs on every store.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Protocol
from dataclasses import dataclass, field
from pathlib import Path

import rdflib

from .catalogue import CannedQuery, Parameter
from .errors import ParameterError, QueryError
from .iris import CK, ID, VOCAB
from .params import parse_value
from .sparqltext import check_query_text, dataset_iris, first_group_brace, subselect_groups
from .store import Row, Term, sparql_term


class QueryStore(Protocol):
    """What queries need of a store: SELECT rows and variables. Oxigraph and remote stores both have it.

    `values_in_sub_selects` says whether parameters may also be bound inside the sub-selects that join on
    them (see with_values): the same rows by SPARQL's semantics, but not on every engine."""

    values_in_sub_selects: bool

    def select(self, sparql: str) -> tuple[list[Row], list[str]]: ...


_INTERNAL = Path(__file__).parent / "sparql"
KIND_CLASSES = {
    "system": "System", "org": "Organization", "benchmark": "Benchmark", "claim": "Claim",
    "milestone": "Milestone", "event": "VerificationEvent", "correction": "Correction",
    "problem": "Problem", "method": "Method", "source": "Source", "artifact": "Artifact",
    "dataset": "DataSet",
}


@dataclass(frozen=True)
class Result:
    """The rows of a SELECT, in the query's order; each row maps variable names to RDF terms."""

    variables: list[str]
    rows: list[Row] = field(default_factory=list)

    def records(self) -> list[dict[str, object]]:
        """Rows as plain Python values (IRIs as str, literals as int, Decimal, date, bool or str;
        None where a variable is unbound)."""
        return [{v: _python(row[v]) if v in row else None for v in self.variables} for row in self.rows]


def internal_query(name: str) -> str:
    """The text of one of the package's own queries (src/chronicle_kg/sparql/NAME.rq)."""
    return (_INTERNAL / f"{name}.rq").read_text(encoding="utf-8")


def bind_arguments(query: CannedQuery, arguments: Mapping[str, str]) -> dict[str, Term | None]:
    """Check and convert the user's arguments; None stands for an unbound optional parameter."""
    known = {p.name: p for p in query.parameters}
    for name in arguments:
        if name not in known:
            close = difflib.get_close_matches(name, list(known), n=1)
            hint = f"did you mean {close[0]}?" if close else f"its parameters: {', '.join(known) or 'none'}"
            raise ParameterError(f"query {query.name} has no parameter {name!r}: {hint}")
    bound: dict[str, Term | None] = {}
    for parameter in query.parameters:
        text = arguments.get(parameter.name, parameter.default)
        if text is None:
            if parameter.required:
                raise ParameterError(
                    f"query {query.name} needs --param {parameter.name}=... ({parameter.type}: {parameter.description})"
                )
            bound[parameter.name] = None
            continue
        try:
            bound[parameter.name] = parse_value(parameter.type, text)
        except ParameterError as error:
            raise ParameterError(f"parameter {parameter.name}: {error}") from None
    return bound


def run_query(store: QueryStore, query: CannedQuery, arguments: Mapping[str, str]) -> Result:
    """Run a canned query with the user's arguments (strings, as typed)."""
    bindings = bind_arguments(query, arguments)
    for parameter in query.parameters:
        term = bindings[parameter.name]
        if term is not None and parameter.type.partition(":")[0] in ("iri", "concept"):
            _check_exists(store, parameter, term)
    return run_sparql(store, with_values(query.text, bindings, into_sub_selects=store.values_in_sub_selects))


def run_sparql(store: QueryStore, text: str) -> Result:
    """Run SPARQL SELECT text as given, once it has passed check_sparql."""
    check_sparql(store, text)
    rows, variables = store.select(text)
    return Result(variables, rows)


def check_sparql(store: QueryStore, text: str) -> None:
    """Refuse what check_query_text refuses, and FROM or FROM NAMED naming a graph the store does not hold."""
    check_query_text(text)
    named = dataset_iris(text)
    if not named:
        return
    rows, _ = store.select(internal_query("graphs"))
    held = {str(row["graph"]) for row in rows}
    for iri in named:
        if iri not in held:
            close = difflib.get_close_matches(iri, sorted(held), n=3, cutoff=0.5)
            hint = f"closest: {', '.join(close)}" if close else f"its graphs: {', '.join(sorted(held)[:8])}"
            raise QueryError(f"FROM <{iri}>: the store holds no such graph; a query may only read this store's "
                             f"graphs ({hint})")


def with_values(text: str, bindings: Mapping[str, Term | None], *, into_sub_selects: bool = False) -> str:
    """`text` with a VALUES block binding `bindings` at the start of its outermost WHERE group.

    With `into_sub_selects`, also in every sub-select that joins on some of them (see
    sparqltext.subselect_groups): the same rows, without the engine computing each sub-select for every
    other value first. Only the embedded store gets that form: Virtuoso 7.2 fails to compile some of it
    (docs/performance.md)."""
    if not bindings:
        return text
    places = [(first_group_brace(text), list(bindings))]
    if into_sub_selects:
        places += subselect_groups(text, list(bindings))
    for at, names in sorted(places, reverse=True):
        at += 1
        text = f"{text[:at]}\n  {_values_block({name: bindings[name] for name in names})}\n{text[at:]}"
    return text


def _values_block(bindings: Mapping[str, Term | None]) -> str:
    names = " ".join(f"?{name}" for name in bindings)
    values = " ".join("UNDEF" if term is None else sparql_term(term) for term in bindings.values())
    return f"VALUES ({names}) {{ ({values}) }}"


def _check_exists(store: QueryStore, parameter: Parameter, term: Term) -> None:
    """Raise ParameterError, naming the closest known ones, when `term` is not in the graph."""
    family, _, kind = parameter.type.partition(":")
    if family == "iri":
        prefix, name, bindings = f"{ID}{kind}/", "instances", {"class": rdflib.URIRef(CK + KIND_CLASSES[kind])}
        check = "is-instance"
    else:
        prefix, name, bindings = f"{VOCAB}{kind}/", "concepts", {"scheme": rdflib.URIRef(VOCAB + kind)}
        check = "is-concept"
    rows, _ = store.select(with_values(internal_query(check), {**bindings, "entity": term}))
    if rows:
        return
    rows, _ = store.select(with_values(internal_query(name), bindings))
    if any(row["entity"] == term for row in rows):
        return
    slugs = sorted({str(row["entity"]).removeprefix(prefix) for row in rows})
    wanted = str(term).removeprefix(prefix)
    close = difflib.get_close_matches(wanted, slugs, n=3, cutoff=0.3)
    hint = f"closest: {', '.join(close)}" if close else f"known: {', '.join(slugs[:10]) or 'none'}"
    raise ParameterError(f"parameter {parameter.name}: no {kind} {wanted!r} in the graph ({hint})")


def _python(term: Term) -> object:
    if isinstance(term, rdflib.Literal):
        return term.toPython()
    return str(term)
