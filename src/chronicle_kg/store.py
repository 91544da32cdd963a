"""The one place that talks to the RDF engine (a remote endpoint is remote.py).

`Store.memory()` is Oxigraph in memory, `Store.on_disk(PATH)` Oxigraph on disk. Files are
parsed with Oxigraph's strict parsers; a syntax error becomes a DataSyntaxError with file, line and column.
Nothing above this module imports pyoxigraph or builds rdflib graphs itself.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
import rdflib
from oxrdflib import OxigraphStore as _RdflibOxigraphStore
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.term import XSDToPython

from .atomic import replace_directory
from .errors import ChronicleError, DataSyntaxError, QueryError
from .formats import RdfFormat, format_for_path
from .sparqltext import dataset_iris

_OX_FORMATS = {
    "turtle": ox.RdfFormat.TURTLE,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "jsonld": ox.RdfFormat.JSON_LD,
    "trig": ox.RdfFormat.TRIG,
    "nquads": ox.RdfFormat.N_QUADS,
    "rdfxml": ox.RdfFormat.RDF_XML,
}
_DOCTYPE = re.compile(rb"<!DOCTYPE", re.IGNORECASE)

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


class ResultTooLarge(QueryError):
    """A query whose result has more rows than the caller allows."""


@dataclass(frozen=True)
class Answer:
    """What a query of any form gives: SELECT rows with their variables, an ASK boolean, or the graph of
    a CONSTRUCT or DESCRIBE (as a store of its own, so it dumps like any other)."""

    form: str  # "select", "ask" or "graph"
    variables: list[str]
    rows: list[Row]
    boolean: bool | None = None
    graph: Store | None = None


class Store:
    """An Oxigraph dataset: named graphs loaded from files, queried with SPARQL."""

    values_in_sub_selects = True  # Oxigraph gives the same rows with parameters bound in sub-selects too

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
        if fmt.name == "rdfxml" and _DOCTYPE.search(path.read_bytes()):
            raise ChronicleError(f"{name}: RDF/XML with a DOCTYPE is refused (its entities can name other files "
                                 "or expand without bound): remove the DOCTYPE, or convert the file to Turtle")
        subjects: dict[str, set[str]] = {}
        ill_typed = []
        checked: dict[tuple[str, str], bool] = {}  # literal (lexical form, datatype): ill-typed
        triples, refused = 0, None  # refused: the first statement's problem, told once the whole file parses
        # Without blank nodes the file is checked while parsing, then loaded again by the engine, which
        # needs no Python object per statement; with them the parsed quads are kept, as the engine's loader
        # would rename the blank nodes.
        kept: list[ox.Quad] | None = [] if blank_nodes else None
        try:
            parser = ox.parse(path=str(path), format=_OX_FORMATS[fmt.name], base_iri=base_iri)
            for quad in parser:
                triples += 1
                if kept is not None:
                    kept.append(ox.Quad(quad.subject, quad.predicate, quad.object, graph_node))
                subject, predicate, value = quad.subject, quad.predicate.value, quad.object
                if refused is None and not blank_nodes and (isinstance(subject, ox.BlankNode)
                                                            or isinstance(value, ox.BlankNode)):
                    refused = (f"{name}: blank nodes are not allowed (near the statement about {subject}): "
                               "give every node an IRI, see docs/model.md")
                subjects.setdefault(subject.value, set()).add(predicate)
                if not isinstance(value, ox.Literal):
                    continue
                if refused is None and len(value.value) > MAX_LITERAL_CHARS:
                    refused = (f"{name}: a literal of {len(value.value)} characters (about {subject}) is over "
                               f"the limit of {MAX_LITERAL_CHARS}: link to the text instead of embedding it")
                literal = (value.value, value.datatype.value)
                if literal not in checked:
                    checked[literal] = _is_ill_typed(value)
                if checked[literal]:
                    ill_typed.append((subject.value, predicate, *literal))
            if refused is not None:
                raise ChronicleError(refused)
            if kept is not None:
                self._inner.extend(kept)
            else:
                self._inner.load(path=str(path), format=_OX_FORMATS[fmt.name], base_iri=base_iri,
                                 to_graph=graph_node)
        except SyntaxError as error:
            raise _syntax_error(Path(name), error) from None
        except OSError as error:
            raise ChronicleError(f"{name}: cannot read: {error.strerror or error}") from None
        return ParsedFile(path, graph, triples, dict(parser.prefixes), subjects, ill_typed)

    def select(self, sparql: str) -> tuple[list[Row], list[str]]:
        """Run a SELECT over the union of all graphs: its rows and its variables, in order."""
        answer = self.answer(sparql)
        if answer.form != "select":
            raise QueryError("only SELECT queries return rows: use SELECT here")
        return answer.rows, answer.variables

    def answer(self, sparql: str, max_rows: int | None = None, default_graphs: list[str] | None = None,
               named_graphs: list[str] | None = None, base_iri: str | None = None) -> Answer:
        """Run a query of any form over the union of all graphs, or over the dataset its FROM and FROM NAMED
        clauses (or `default_graphs` and `named_graphs`, as the SPARQL protocol gives them) name.
        Relative IRIs resolve against `base_iri`. Raise ResultTooLarge past `max_rows` rows or triples."""
        dataset = {}
        if default_graphs or named_graphs:
            dataset = {"default_graph": [ox.NamedNode(g) for g in default_graphs or []],
                       "named_graphs": [ox.NamedNode(g) for g in named_graphs or []]}
        try:
            union = not dataset and not dataset_iris(sparql)
            outcome = self._inner.query(sparql, use_default_graph_as_union=union, base_iri=base_iri, **dataset)
            if isinstance(outcome, ox.QueryBoolean):
                return Answer("ask", [], [], boolean=bool(outcome))
            items = list(_at_most(outcome, max_rows))
        except SyntaxError as error:
            raise QueryError(f"SPARQL syntax error: {' '.join(str(error).split())}") from None
        except OSError as error:
            raise QueryError(f"the query failed: {error}") from None
        if isinstance(outcome, ox.QueryTriples):
            graph = Store.memory()
            graph._inner.extend(ox.Quad(t.subject, t.predicate, t.object, ox.DefaultGraph()) for t in items)
            return Answer("graph", [], [], graph=graph)
        variables = [v.value for v in outcome.variables]
        converted: dict[object, Term] = {}  # each distinct term once: labels, statuses, values repeat
        rows = []
        for solution in items:
            row = {}
            for name, term in zip(variables, solution):
                if term is not None:
                    found = converted.get(term)
                    if found is None:
                        found = converted[term] = _from_ox(term)
                    row[name] = found
            rows.append(row)
        return Answer("select", variables, rows)

    def construct(self, sparql: str) -> Store:
        """Run a CONSTRUCT over the union of all graphs; its triples in a new memory store's default graph."""
        answer = self.answer(sparql)
        if answer.graph is None:
            raise QueryError("only CONSTRUCT and DESCRIBE queries return triples: use CONSTRUCT here")
        return answer.graph

    def add(self, triples: Iterable[tuple[Term, Term, Term]], graph: str | None = None) -> None:
        """Add triples (rdflib terms) to the default graph, or to named graph `graph`."""
        graph_node = ox.DefaultGraph() if graph is None else ox.NamedNode(graph)
        self._inner.extend(ox.Quad(_to_ox(s), _to_ox(p), _to_ox(o), graph_node) for s, p, o in triples)

    def load_dataset(self, path: Path, name: str) -> None:
        """Parse a dataset file (N-Quads or TriG) strictly, keeping its named graphs; errors name it `name`."""
        fmt = format_for_path(path)
        if not fmt.datasets or fmt.name == "jsonld":
            raise ChronicleError(f"{name}: a dataset is read from N-Quads or TriG, not {fmt.name}")
        try:
            self._inner.bulk_extend(ox.parse(path=str(path), format=_OX_FORMATS[fmt.name]))
        except SyntaxError as error:
            raise _syntax_error(Path(name), error) from None
        except OSError as error:
            raise ChronicleError(f"{name}: cannot read: {error.strerror or error}") from None

    def graphs(self) -> list[str]:
        """The named graphs, sorted."""
        return sorted(g.value for g in self._inner.named_graphs())

    @classmethod
    def memory(cls) -> Store:
        """A new, empty Oxigraph store in memory."""
        return cls(ox.Store(), "memory")

    @classmethod
    def read_only(cls, path: Path) -> Store:
        """The Oxigraph store in directory `path`, opened for reading only (several processes may)."""
        try:
            return cls(ox.Store.read_only(str(path)), f"oxigraph:{path}")
        except OSError as error:
            raise ChronicleError(f"--store oxigraph:{path}: cannot open the Oxigraph store: {error}") from None

    @classmethod
    def on_disk(cls, path: Path) -> Store:
        """The Oxigraph store in directory `path` (created when missing), persistent between runs."""
        try:
            return cls(ox.Store(str(path)), f"oxigraph:{path}")
        except OSError as error:
            raise ChronicleError(f"--store oxigraph:{path}: cannot open the Oxigraph store: {error}") from None

    def is_empty(self) -> bool:
        return next(iter(self._inner.quads_for_pattern(None, None, None, None)), None) is None

    def save(self, path: Path) -> None:
        """Make the on-disk store in directory `path` hold exactly what this store holds, all at once: a
        reader or a killed process sees the previous store or the new one, never part of either."""
        def fill(new: Path) -> None:
            written = ox.Store(str(new))
            written.bulk_extend(self._inner.quads_for_pattern(None, None, None, None))
            written.flush()
            del written  # closes the database before the directories are exchanged

        try:
            replace_directory(path, fill)
        except OSError as error:
            raise ChronicleError(f"--store oxigraph:{path}: cannot write the Oxigraph store: {error}") from None

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
        triples = self.sorted_triples(graph)
        return triples.ntriples, triples.count

    def dump(self, fmt: RdfFormat, prefixes: Mapping[str, str], graph: str | None = None) -> bytes:
        """The union of all graphs (or one named graph), deduplicated and sorted, in `fmt`: the same data
        gives the same bytes."""
        return self.sorted_triples(graph).serialize(fmt, prefixes)

    def sorted_triples(self, graph: str | None = None) -> SortedTriples:
        """The distinct triples of the union of all graphs (or of one named graph), in a stable order."""
        graphs = [ox.NamedNode(graph)] if graph else [*self._inner.named_graphs(), ox.DefaultGraph()]
        lines = {line for name in graphs
                 for line in self._inner.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=name).splitlines(True)}
        return SortedTriples(b"".join(sorted(lines)))

    def subgraph(self, graph: str) -> Store:
        """A memory store holding one named graph of this one (in its default graph)."""
        copy = Store.memory()
        copy._inner.extend(ox.Quad(q.subject, q.predicate, q.object, ox.DefaultGraph())
                           for q in self._inner.quads_for_pattern(None, None, None, ox.NamedNode(graph)))
        return copy

    @classmethod
    def from_bytes(cls, data: bytes, fmt: RdfFormat, name: str) -> Store:
        """A memory store holding the RDF in `data` (in its default graph); errors name it `name`."""
        store = cls.memory()
        try:
            store._inner.extend(ox.parse(data, format=_OX_FORMATS[fmt.name]))
        except SyntaxError as error:
            raise _syntax_error(Path(name), error) from None
        return store

    def dump_dataset(self, fmt: RdfFormat, prefixes: Mapping[str, str]) -> bytes:
        """Every named graph (and the default graph, if not empty) in `fmt`, sorted by graph then triple."""
        quads = sorted(self._inner.quads_for_pattern(None, None, None, None),
                       key=lambda q: (str(q.graph_name), str(q.subject), str(q.predicate), str(q.object)))
        return ox.serialize(quads, format=_OX_FORMATS[fmt.name], prefixes=dict(prefixes))

    def statements(self) -> set[str]:
        """The union of all graphs as a set of N-Triples statements, for comparing graphs."""
        return set(self.sorted_triples().ntriples.decode("utf-8").splitlines())

    def union_graph(self) -> rdflib.Graph:
        """All graphs merged into one rdflib graph (backed by Oxigraph), for pySHACL."""
        merged = ox.Store()
        merged.extend(
            ox.Quad(q.subject, q.predicate, q.object, ox.DefaultGraph()) for q in self._inner
        )
        return rdflib.Graph(store=_RdflibOxigraphStore(store=merged), identifier=DATASET_DEFAULT_GRAPH_ID)


@dataclass(frozen=True)
class SortedTriples:
    """Distinct triples as N-Triples lines in byte order: the canonical form every dump is written from,
    and compared with when it is read back.

    Byte order of the lines is the order of (subject, predicate, object) by their N-Triples forms: a term's
    form that begins with another's whole form continues it with a character above the space that separates
    terms on a line (an IRI cannot contain '>', and a literal's quotes are followed only by '@' or '^^')."""

    ntriples: bytes

    @property
    def count(self) -> int:
        return self.ntriples.count(b"\n")

    def serialize(self, fmt: RdfFormat, prefixes: Mapping[str, str]) -> bytes:
        """The triples in `fmt`, in this order (the same triples give the same bytes)."""
        if fmt.name == "ntriples":
            return self.ntriples
        return ox.serialize(self._parsed(), format=_OX_FORMATS[fmt.name], prefixes=dict(prefixes))

    def expanded_nodes(self) -> Iterator[dict[str, object]]:
        """The triples as expanded JSON-LD node objects, one per subject, in this order: what Oxigraph's
        JSON-LD serializer writes, built one node at a time."""
        subject, node = None, None
        for line in io.BytesIO(self.ntriples):
            text = line.decode("utf-8")
            if "\\" in text:  # an escape: the engine reads the line
                triple = next(iter(ox.parse(line, format=ox.RdfFormat.N_TRIPLES))).triple
                term, predicate, value = str(triple.subject), triple.predicate.value, _jsonld_value(triple.object)
            else:  # `S <P> O .`: no escape, so the terms are the text between the separators
                after_subject = text.index(" ")
                after_predicate = text.index(" ", after_subject + 1)
                term, predicate = text[:after_subject], text[after_subject + 2:after_predicate - 1]
                value = _jsonld_written(text[after_predicate + 1:-3])
            if term != subject:
                if node is not None:
                    yield node
                subject, node = term, {"@id": term[1:-1] if term[0] == "<" else term}
            node.setdefault(predicate, []).append(value)
        if node is not None:
            yield node

    def read_back(self, data: bytes, fmt: RdfFormat, name: str) -> bool:
        """Whether `data`, parsed strictly as `fmt` (graph names dropped), holds exactly these triples; a syntax
        error raises DataSyntaxError naming `name`."""
        comparison = _Comparison(self.ntriples)
        try:
            ox.serialize((q.triple for q in ox.parse(data, format=_OX_FORMATS[fmt.name])), comparison,
                         format=ox.RdfFormat.N_TRIPLES)
        except SyntaxError as error:
            raise _syntax_error(Path(name), error) from None
        return comparison.equal()

    def _parsed(self) -> Iterator[ox.Quad]:
        return ox.parse(self.ntriples, format=ox.RdfFormat.N_TRIPLES)


class _Comparison:
    """A binary writer that compares the N-Triples written to it with sorted N-Triples `expected`: in place
    while they come in the same order (as Turtle and N-Triples dumps read back), else by keeping the lines to
    sort them (a JSON-LD dump orders a node's properties by their compact names), never as a second copy."""

    def __init__(self, expected: bytes) -> None:
        self._expected, self._view = expected, memoryview(expected)
        self._at = 0  # how much of `expected` was written, in order
        self._lines: list[bytes] | None = None  # once out of order: the complete lines written
        self._partial = b""

    def write(self, data: bytes) -> int:
        if self._lines is None:
            end = self._at + len(data)
            if self._view[self._at:end] == data:
                self._at = end
                return len(data)
            start = self._expected.rfind(b"\n", 0, self._at) + 1
            self._lines = self._expected[:start].splitlines(True)
            self._partial = self._expected[start:self._at]
        lines = (self._partial + bytes(data)).splitlines(True)
        self._partial = lines.pop() if lines and not lines[-1].endswith(b"\n") else b""
        self._lines.extend(lines)
        return len(data)

    def flush(self) -> None:
        """Nothing is buffered."""

    def equal(self) -> bool:
        """Whether what was written holds the same lines as `expected` (in any order, repeated or not)."""
        if self._lines is None:
            return self._at == len(self._expected)
        if self._partial:
            self._lines.append(self._partial)
        at = 0
        for line in sorted(set(self._lines)):
            end = at + len(line)
            if self._view[at:end] != line:
                return False
            at = end
        return at == len(self._expected)


def _jsonld_written(term: str) -> dict[str, str]:
    """`_jsonld_value` of a term in N-Triples without escapes."""
    if term[0] == "<":
        if term.startswith("<<"):
            return _jsonld_value(next(iter(ox.parse(f"<x:s> <x:p> {term} .", format=ox.RdfFormat.N_TRIPLES))).object)
        return {"@id": term[1:-1]}
    if term[0] == "_":
        return {"@id": term}
    end = term.rindex('"')
    lexical, suffix = term[1:end], term[end + 1:]
    if not suffix:
        return {"@value": lexical}
    if suffix[0] == "^":
        return {"@type": suffix[3:-1], "@value": lexical}
    language, _, direction = suffix[1:].partition("--")
    if direction:
        return {"@language": language, "@direction": direction, "@value": lexical}
    return {"@language": language, "@value": lexical}


def _jsonld_id(term: ox.NamedNode | ox.BlankNode) -> str:
    return term.value if isinstance(term, ox.NamedNode) else f"_:{term.value}"


def _jsonld_value(term: object) -> dict[str, str]:
    if isinstance(term, (ox.NamedNode, ox.BlankNode)):
        return {"@id": _jsonld_id(term)}
    if not isinstance(term, ox.Literal):
        raise ChronicleError(f"JSON-LD cannot hold the RDF 1.2 triple term {term}: use Turtle or N-Triples")
    if term.direction:
        return {"@language": term.language, "@direction": term.direction.value, "@value": term.value}
    if term.language:
        return {"@language": term.language, "@value": term.value}
    if term.datatype.value == _XSD_STRING:
        return {"@value": term.value}
    return {"@type": term.datatype.value, "@value": term.value}


def _at_most(items: Iterable[object], limit: int | None) -> Iterator[object]:
    for count, item in enumerate(items, start=1):
        if limit is not None and count > limit:
            raise ResultTooLarge(
                f"the result has more than {limit} rows or triples (the row limit here): "
                "add LIMIT and OFFSET to the query to page through it")
        yield item


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
    if "LoadDocumentCallback" in message:  # Oxigraph's JSON-LD parser loads no remote context, and says so
        reason = ("a JSON-LD @context that names another document is never fetched: put the context inline "
                  "(ontology/context.jsonld holds the project's)")
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
        return _checked_iri(term.value)
    if isinstance(term, ox.BlankNode):
        return rdflib.BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return rdflib.Literal(term.value, lang=term.language)
        if term.datatype.value == _XSD_STRING:
            return rdflib.Literal(term.value)
        return rdflib.Literal(term.value, datatype=_checked_iri(term.datatype.value))
    raise ChronicleError(f"unsupported RDF term {term!r}")


def _checked_iri(iri: str) -> rdflib.URIRef:
    """An IRI the engine has already checked, as rdflib's URIRef without checking it again (what
    URIRef(iri) makes, five times faster: results hold thousands)."""
    return str.__new__(rdflib.URIRef, iri)


def sparql_term(term: Term) -> str:
    """A term in SPARQL/N-Triples syntax, escaped by the engine: the only way values enter query text."""
    return str(_to_ox(term))


def values_clause(name: str, terms: Iterable[Term]) -> str:
    """A VALUES clause binding ?name to each of `terms`, each written by sparql_term."""
    return f"  VALUES ?{name} {{ {' '.join(sparql_term(t) for t in terms)} }}\n"


def checked_iri(text: str) -> Term:
    """An IRI, checked by the engine's IRI parser (no spaces, no '<', '>', quotes or braces)."""
    try:
        return _from_ox(ox.NamedNode(text))
    except ValueError as error:
        raise ChronicleError(f"{text!r} is not a valid IRI: {error}") from None
