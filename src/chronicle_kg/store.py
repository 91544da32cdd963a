"""The one place that talks to the RDF engine (a remote endpoint is remote.py).

`Store.memory()` is Oxigraph in memory, `Store.on_disk(PATH)` Oxigraph on disk. Files are
parsed with Oxigraph's strict parsers; a syntax error becomes a DataSyntaxError with file, line and column.
Nothing above this module imports pyoxigraph or builds rdflib graphs itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
import rdflib
from oxrdflib import OxigraphStore as _RdflibOxigraphStore
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.term import XSDToPython

from .errors import ChronicleError, DataSyntaxError, QueryError
from .formats import RdfFormat, format_for_path

_OX_FORMATS = {
    "turtle": ox.RdfFormat.TURTLE,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "jsonld": ox.RdfFormat.JSON_LD,
    "trig": ox.RdfFormat.TRIG,
    "nquads": ox.RdfFormat.N_QUADS,
}

_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
MAX_FILE_BYTES = 512 * 1024 * 1024  # one data file; the whole real corpus is far smaller
MAX_LITERAL_CHARS = 1_000_000  # one literal; the longest curated text is a few hundred characters

Term = rdflib.term.Node
Row = dict[str, Term]


@dataclass(frozen=True)
class ParsedFile:
    """What loading one file produced: its triples' subjects with their predicates, and its prefixes.

    `ill_typed` lists the literals whose lexical form is not one of their datatype's, as
    (subject, predicate, lexical form, datatype); the loader reports them with the subject's line.
    """

    path: Path
    graph: str
    triples: int
    prefixes: dict[str, str]
    subjects: dict[str, set[str]]
    ill_typed: list[tuple[str, str, str, str]]


@dataclass(frozen=True)
class StoreSpec:
    """What a --store value names: `memory`, `oxigraph:PATH` or `sparql:URL`.

    >>> StoreSpec.parse("oxigraph:/var/ck")
    StoreSpec(kind='oxigraph', location='/var/ck')
    """

    kind: str
    location: str = ""

    @classmethod
    def parse(cls, text: str) -> StoreSpec:
        kind, _, location = text.partition(":")
        if text == "memory":
            return cls("memory")
        if kind in ("oxigraph", "sparql") and location:
            if kind == "sparql" and not location.startswith(("http://", "https://")):
                raise ChronicleError(f"--store {text!r}: a SPARQL endpoint is an http(s) URL, e.g. "
                                     "sparql:http://127.0.0.1:7878/query")
            return cls(kind, location)
        raise ChronicleError(f"--store {text!r} is not a store: use memory, oxigraph:PATH or sparql:URL")


class Store:
    """An Oxigraph dataset: named graphs loaded from files, queried with SPARQL."""

    def __init__(self, inner: ox.Store, spec: str) -> None:
        self._inner = inner
        self.spec = spec

    def load_file(self, path: Path, graph: str, name: str | None = None, *, base_iri: str | None = None,
                  blank_nodes: bool = False) -> ParsedFile:
        """Parse `path` strictly into named graph `graph`, all or nothing; errors name it `name`.

        Relative IRIs are an error unless `base_iri` is given; blank nodes are refused unless
        `blank_nodes` (the project's own data has none, so its dumps are deterministic)."""
        name = name or str(path)
        fmt = format_for_path(name)
        graph_node = ox.NamedNode(graph)
        try:
            size = path.stat().st_size
        except OSError as error:
            raise ChronicleError(f"{name}: cannot read: {error.strerror or error}") from None
        if size > MAX_FILE_BYTES:
            raise ChronicleError(f"{name}: {size} bytes is over the limit of {MAX_FILE_BYTES} for one file: "
                                 "split it into several files of the data set")
        try:
            parser = ox.parse(path=str(path), format=_OX_FORMATS[fmt.name], base_iri=base_iri)
            quads = [ox.Quad(q.subject, q.predicate, q.object, graph_node) for q in parser]
        except SyntaxError as error:
            raise _syntax_error(Path(name), error) from None
        except OSError as error:
            raise ChronicleError(f"{name}: cannot read: {error.strerror or error}") from None
        subjects: dict[str, set[str]] = {}
        ill_typed = []
        for quad in quads:
            if not blank_nodes and (isinstance(quad.subject, ox.BlankNode) or isinstance(quad.object, ox.BlankNode)):
                raise ChronicleError(
                    f"{name}: blank nodes are not allowed (near the statement about {quad.subject}): "
                    "give every node an IRI, see docs/model.md"
                )
            subjects.setdefault(quad.subject.value, set()).add(quad.predicate.value)
            if isinstance(quad.object, ox.Literal) and len(quad.object.value) > MAX_LITERAL_CHARS:
                raise ChronicleError(
                    f"{name}: a literal of {len(quad.object.value)} characters (about {quad.subject}) is over "
                    f"the limit of {MAX_LITERAL_CHARS}: link to the text instead of embedding it")
            if isinstance(quad.object, ox.Literal) and _is_ill_typed(quad.object):
                ill_typed.append((quad.subject.value, quad.predicate.value, quad.object.value,
                                  quad.object.datatype.value))
        self._inner.extend(quads)
        return ParsedFile(path, graph, len(quads), dict(parser.prefixes), subjects, ill_typed)

    def select(self, sparql: str) -> tuple[list[Row], list[str]]:
        """Run a SELECT over the union of all graphs: its rows and its variables, in order."""
        try:
            solutions = self._inner.query(sparql, use_default_graph_as_union=True)
        except SyntaxError as error:
            raise QueryError(f"SPARQL syntax error: {' '.join(str(error).split())}") from None
        except OSError as error:
            raise QueryError(f"the query failed: {error}") from None
        if not isinstance(solutions, ox.QuerySolutions):
            raise QueryError("only SELECT queries return rows: use SELECT here")
        variables = [v.value for v in solutions.variables]
        rows = [
            {name: _from_ox(solution[name]) for name in variables if solution[name] is not None}
            for solution in solutions
        ]
        return rows, variables

    def graphs(self) -> list[str]:
        """The named graphs, sorted."""
        return sorted(g.value for g in self._inner.named_graphs())

    @classmethod
    def memory(cls) -> Store:
        """A new, empty Oxigraph store in memory."""
        return cls(ox.Store(), "memory")

    @classmethod
    def on_disk(cls, path: Path) -> Store:
        """The Oxigraph store in directory `path` (created when missing), persistent between runs."""
        try:
            return cls(ox.Store(str(path)), f"oxigraph:{path}")
        except OSError as error:
            raise ChronicleError(f"--store oxigraph:{path}: cannot open the Oxigraph store: {error}") from None

    def is_empty(self) -> bool:
        return next(iter(self._inner.quads_for_pattern(None, None, None, None)), None) is None

    def replace_with(self, other: Store) -> None:
        """Make this store hold exactly what `other` holds, every named graph included."""
        self._inner.clear()
        self._inner.bulk_extend(other._inner.quads_for_pattern(None, None, None, None))
        self._inner.flush()

    def replace_graph(self, graph: str, other: Store) -> set[tuple[Term, Term, Term]]:
        """Make named graph `graph` hold exactly what `other` holds in it (the other graphs stay): the
        triples added or removed."""
        graph_node = ox.NamedNode(graph)
        before = set(self._inner.quads_for_pattern(None, None, None, graph_node))
        after = set(other._inner.quads_for_pattern(None, None, None, graph_node))
        self._inner.clear_graph(graph_node)
        self._inner.extend(after)
        return {(_from_ox(q.subject), _from_ox(q.predicate), _from_ox(q.object)) for q in before ^ after}

    def graph_ntriples(self, graph: str) -> tuple[bytes, int]:
        """One named graph as sorted N-Triples, with its triple count."""
        triples = self._sorted_triples(graph)
        return ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES), len(triples)

    def dump(self, fmt: RdfFormat, prefixes: Mapping[str, str]) -> bytes:
        """The union of all graphs, deduplicated and sorted, in `fmt`: the same data gives the same bytes."""
        return ox.serialize(self._sorted_triples(), format=_OX_FORMATS[fmt.name], prefixes=dict(prefixes))

    def statements(self) -> set[str]:
        """The union of all graphs as a set of N-Triples statements, for comparing graphs."""
        return {_statement(t) for t in self._sorted_triples()}

    def _sorted_triples(self, graph: str | None = None) -> list[ox.Triple]:
        """The triples of one named graph, or of the union of all (deduplicated), in a stable order."""
        graph_node = ox.NamedNode(graph) if graph else None
        triples = {ox.Triple(q.subject, q.predicate, q.object)
                   for q in self._inner.quads_for_pattern(None, None, None, graph_node)}
        return sorted(triples, key=lambda t: (str(t.subject), str(t.predicate), str(t.object)))

    def union_graph(self) -> rdflib.Graph:
        """All graphs merged into one rdflib graph (backed by Oxigraph), for pySHACL."""
        merged = ox.Store()
        merged.extend(
            ox.Quad(q.subject, q.predicate, q.object, ox.DefaultGraph()) for q in self._inner
        )
        return rdflib.Graph(store=_RdflibOxigraphStore(store=merged), identifier=DATASET_DEFAULT_GRAPH_ID)


def parse_statements(data: bytes, fmt: RdfFormat, name: str) -> set[str]:
    """Parse serialized RDF strictly into a set of N-Triples statements (graph names dropped)."""
    try:
        return {_statement(q.triple) for q in ox.parse(data, format=_OX_FORMATS[fmt.name])}
    except SyntaxError as error:
        raise _syntax_error(Path(name), error) from None


def _statement(triple: ox.Triple) -> str:
    return f"{triple.subject} {triple.predicate} {triple.object} ."


def parse_rdflib(files: list[tuple[Path, str]]) -> rdflib.Graph:
    """Parse files strictly with Oxigraph into one plain rdflib graph (for shapes graphs).

    Each file is given with the name its errors should show.
    """
    graph = rdflib.Graph()
    for path, name in files:
        fmt = format_for_path(path)
        try:
            for quad in ox.parse(path=str(path), format=_OX_FORMATS[fmt.name], rename_blank_nodes=True):
                graph.add((_from_ox(quad.subject), _from_ox(quad.predicate), _from_ox(quad.object)))
        except SyntaxError as error:
            raise _syntax_error(Path(name), error) from None
        except OSError as error:
            raise ChronicleError(f"{name}: cannot read: {error.strerror or error}") from None
    return graph


def _is_ill_typed(literal: ox.Literal) -> bool:
    """Whether rdflib cannot read the literal's value (such as "2023-13-45"^^xsd:date).

    Oxigraph's parser accepts any lexical form; rdflib, which the validator runs on, logs a traceback
    for each such literal and treats it as ill-typed, so the loader rejects them first.
    """
    convert = XSDToPython.get(rdflib.URIRef(literal.datatype.value))
    if convert is None:
        return False
    try:
        convert(literal.value)
    except Exception:  # noqa: BLE001 - as rdflib does: any failure of its converter means ill-typed
        return True
    return False


def _syntax_error(path: Path, error: SyntaxError) -> DataSyntaxError:
    message = str(error.msg if hasattr(error, "msg") else error)
    reason = message.split(": ", 1)[1] if message.startswith("Parser error at") else message
    return DataSyntaxError(path, error.lineno, error.offset, reason)


def _to_ox(term: Term) -> ox.NamedNode | ox.BlankNode | ox.Literal:
    if isinstance(term, rdflib.URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, rdflib.BNode):
        return ox.BlankNode(str(term))
    if isinstance(term, rdflib.Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        if term.datatype:
            return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
        return ox.Literal(str(term))
    raise ChronicleError(f"cannot use {term!r} as an RDF term")


def _from_ox(term: object) -> Term:
    if isinstance(term, ox.NamedNode):
        return rdflib.URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return rdflib.BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return rdflib.Literal(term.value, lang=term.language)
        if term.datatype.value == _XSD_STRING:
            return rdflib.Literal(term.value)
        return rdflib.Literal(term.value, datatype=rdflib.URIRef(term.datatype.value))
    raise ChronicleError(f"unsupported RDF term {term!r}")


def sparql_term(term: Term) -> str:
    """A term in SPARQL/N-Triples syntax, escaped by the engine: the only way values enter query text."""
    return str(_to_ox(term))


def checked_iri(text: str) -> Term:
    """An IRI, checked by the engine's IRI parser (no spaces, no '<', '>', quotes or braces)."""
    try:
        return _from_ox(ox.NamedNode(text))
    except ValueError as error:
        raise ChronicleError(f"{text!r} is not a valid IRI: {error}") from None
