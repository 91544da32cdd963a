"""The shapes graph compiled into SPARQL queries that run once over the whole store.

pySHACL checks one focus node at a time through rdflib; the same constraints as whole-graph queries on
the engine give the same results hundreds of times faster. Each Check is one constraint of one shape: a
SHACL-SPARQL SELECT (a core component from sparql/shacl/, a SPARQL-based constraint, or a SPARQL-based
constraint component with $PATH and its parameters bound) joined with the shape's focus nodes. `compile_shapes`
raises Unsupported for anything it cannot compile exactly (a target other than sh:targetClass, a core
component without a query here, a message template, a sub-select ...): the validator then runs pySHACL.

Each Check also lists what it reads, as paths from the focus node, so that a change of some triples
re-validates only the focus nodes that can see them (incremental validation).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import rdflib
from rdflib.namespace import RDF, RDFS, SH
from rdflib.paths import AlternativePath, InvPath, SequencePath
from rdflib.plugins.sparql import prepareQuery
from rdflib.plugins.sparql.algebra import translateGroupGraphPattern, translatePath, traverse
from rdflib.plugins.sparql.parserutils import CompValue

from .errors import ChronicleError
from .sparqltext import at_group_start, tokens
from .store import sparql_term, values_clause

_TEMPLATES = Path(__file__).resolve().parent / "sparql" / "shacl"
# Core constraint components with a query here: parameter -> (template, whether results carry sh:value).
CORE = {
    SH.minCount: ("min-count", False), SH.maxCount: ("max-count", False), SH.datatype: ("datatype", True),
    SH["class"]: ("class", True), SH.nodeKind: ("node-kind", True), SH.minLength: ("min-length", True),
    SH.minInclusive: ("min-inclusive", True),
}
_DESCRIPTIVE = {RDF.type, RDFS.label, RDFS.comment, SH.name, SH.description, SH.severity, SH.message}
_NODE_SHAPE_KEYS = _DESCRIPTIVE | {SH.targetClass, SH.property, SH.sparql}
_PROPERTY_SHAPE_KEYS = _DESCRIPTIVE | {SH.path} | set(CORE)
_SPARQL_KEYS = {RDF.type, SH.select, SH.prefixes, SH.message, RDFS.comment}
_REFUSED_WORDS = {"SELECT", "MINUS", "VALUES", "SERVICE", "GROUP", "HAVING", "GRAPH", "OFFSET", "ORDER"}
_ANY = None  # a step over any predicate
Step = tuple[frozenset[str] | None, bool]  # (predicates or _ANY, forward: from subject to object)


class Unsupported(ChronicleError):
    """The shapes use something the compiler does not translate exactly."""


@dataclass(frozen=True)
class Check:
    """One constraint of one shape as a query; its rows are the shape's results."""

    shape: str
    severity: str
    message: str
    path: str | None  # the property shape's path IRI (None: inverse path, or taken from ?path of the rows)
    target_classes: tuple[str, ...]
    select: str  # SHACL-SPARQL SELECT with $this free; every other parameter bound
    limit: int | None  # LIMIT of a SPARQL constraint: at most this many results per focus node
    core_reads: tuple[tuple[Step, ...], ...] | None = None  # what a core component reads; else parsed
    node_level: bool = False  # a SPARQL constraint of a node shape: sh:value is the focus node unless ?value

    def reads(self) -> tuple[tuple[tuple[Step, ...], ...] | None, frozenset[str] | None]:
        """The paths from the focus node that the check follows (None: anything), and the predicates it
        reads away from the focus node (None: any)."""
        return (self.core_reads, frozenset()) if self.core_reads is not None else _reads(self.select)

    def query(self, focus: Iterable[rdflib.term.Node] | None = None) -> str:
        """The check over every focus node of the shape, or only over `focus`."""
        targets = _template("targets" if focus is None else "focus-targets")
        restrict = "" if focus is None else values_clause("this", focus)
        classes = values_clause("targetClass", map(rdflib.URIRef, self.target_classes))
        targets = at_group_start(targets, classes + restrict)
        # the focus nodes again first: the engine starts from them
        return at_group_start(self.select, f"{restrict}{{ {targets} }}\n")


def compile_shapes(shapes: rdflib.Graph) -> list[Check]:
    """Every constraint of every node shape with a target, in a stable order."""
    components = _components(shapes)
    checks = []
    shapes_with_targets = sorted({s for s in shapes.subjects(SH.targetClass, None)}, key=str)
    for shape in _all_shapes(shapes):
        if shape not in shapes_with_targets and not any(shapes.subjects(SH.property, shape)):
            raise Unsupported(f"shape {shape} is neither targeted nor a property of a targeted shape")
    for node_shape in shapes_with_targets:
        _require_keys(shapes, node_shape, _NODE_SHAPE_KEYS, "node shape")
        if not isinstance(node_shape, rdflib.URIRef):
            raise Unsupported(f"node shape {node_shape} has no IRI")
        targets = tuple(sorted(str(c) for c in shapes.objects(node_shape, SH.targetClass)))
        for constraint in sorted(shapes.objects(node_shape, SH.sparql), key=str):
            checks.append(_sparql_constraint(shapes, node_shape, constraint, targets))
        for prop in sorted(shapes.objects(node_shape, SH.property), key=str):
            checks.extend(_property_checks(shapes, prop, targets, components))
    return checks


def _all_shapes(shapes: rdflib.Graph) -> set[rdflib.term.Node]:
    found = set(shapes.subjects(RDF.type, SH.NodeShape)) | set(shapes.subjects(RDF.type, SH.PropertyShape))
    for predicate in (SH.targetNode, SH.targetSubjectsOf, SH.targetObjectsOf, SH.node, SH.qualifiedValueShape):
        if any(shapes.triples((None, predicate, None))):
            raise Unsupported(f"{predicate} is not compiled")
    return found | set(shapes.objects(None, SH.property))


def _require_keys(shapes: rdflib.Graph, node: rdflib.term.Node, allowed: set, what: str) -> None:
    for predicate in set(shapes.predicates(node, None)):
        if predicate not in allowed and (str(predicate).startswith(str(SH)) or predicate in RDFS):
            raise Unsupported(f"{what} {node}: {predicate} is not compiled")
    if (node, RDF.type, RDFS.Class) in shapes:
        raise Unsupported(f"{what} {node} is also a class (implicit class target)")


def _one(shapes: rdflib.Graph, node: rdflib.term.Node, predicate: rdflib.URIRef) -> rdflib.term.Node | None:
    values = list(shapes.objects(node, predicate))
    if len(values) > 1:
        raise Unsupported(f"{node} has {len(values)} values of {predicate}")
    return values[0] if values else None


def _severity(shapes: rdflib.Graph, shape: rdflib.term.Node) -> str:
    return str(_one(shapes, shape, SH.severity) or SH.Violation).rsplit("#", 1)[-1]


def _message(shapes: rdflib.Graph, *nodes: rdflib.term.Node) -> str:
    for node in nodes:
        message = _one(shapes, node, SH.message)
        if message is not None:
            if "{?" in str(message) or "{$" in str(message):
                raise Unsupported(f"{node}: message templates are not compiled")
            return str(message)
    raise Unsupported(f"{nodes[-1]} has no sh:message (pySHACL's default messages are not reproduced)")


def _sparql_constraint(shapes: rdflib.Graph, shape: rdflib.URIRef, constraint: rdflib.term.Node,
                       targets: tuple[str, ...]) -> Check:
    _require_keys(shapes, constraint, _SPARQL_KEYS, "SPARQL constraint")
    prefixes = _prefixes(shapes, constraint)
    text, limit = _checked_select(str(_one(shapes, constraint, SH.select)), shape)
    select = _with_prefixes(text, prefixes)
    return Check(str(shape), _severity(shapes, shape), _message(shapes, constraint, shape), None, targets,
                 select, limit, node_level=True)


def _property_checks(shapes: rdflib.Graph, prop: rdflib.term.Node, targets: tuple[str, ...],
                     components: dict) -> Iterator[Check]:
    if not isinstance(prop, rdflib.URIRef):
        raise Unsupported(f"property shape {prop} has no IRI")
    parameters = {p for c in components.values() for p in c[0]}
    _require_keys(shapes, prop, _PROPERTY_SHAPE_KEYS | parameters, "property shape")
    path_node = _one(shapes, prop, SH.path)
    path, step, path_iri = _path(shapes, path_node)
    severity, message = _severity(shapes, prop), _message(shapes, prop)
    for parameter, (template, _) in sorted(CORE.items(), key=lambda item: str(item[0])):
        value = _one(shapes, prop, parameter)
        if value is None:
            continue
        name = str(parameter).rsplit("#", 1)[-1]
        select = _with_values(_template(template).replace("$PATH", path), {name: value})
        reads = ((step,), (step, (frozenset({str(RDF.type)}), True))) if parameter == SH["class"] else ((step,),)
        yield Check(str(prop), severity, message, path_iri, targets, select, None, reads)
    for component, (component_parameters, validator) in sorted(components.items(), key=lambda c: str(c[0])):
        bound = {p: _one(shapes, prop, p) for p in component_parameters}
        if any(v is None for v in bound.values()):
            continue
        text, limit = _checked_select(str(_one(shapes, validator, SH.select)), component)
        text = _with_prefixes(text.replace("$PATH", path), _prefixes(shapes, validator))
        select = _with_values(text, {str(p).rsplit("#", 1)[-1].rsplit("/", 1)[-1]: v for p, v in bound.items()})
        yield Check(str(prop), severity, _message(shapes, validator, prop), path_iri, targets, select, limit)


def _path(shapes: rdflib.Graph, node: rdflib.term.Node | None) -> tuple[str, Step, str | None]:
    """(SPARQL path, the step it is, the result path IRI) of an IRI or inverse-IRI sh:path."""
    if isinstance(node, rdflib.URIRef):
        return sparql_term(node), (frozenset({str(node)}), True), str(node)
    inverse = _one(shapes, node, SH.inversePath) if node is not None else None
    if isinstance(inverse, rdflib.URIRef) and len(set(shapes.predicates(node, None))) == 1:
        return f"^{sparql_term(inverse)}", (frozenset({str(inverse)}), False), None
    raise Unsupported(f"sh:path {node} is neither an IRI nor the inverse of one")


def _components(shapes: rdflib.Graph) -> dict:
    """SPARQL-based constraint components: component -> (parameter paths, SPARQLSelectValidator)."""
    found = {}
    for component in shapes.subjects(RDF.type, SH.ConstraintComponent):
        parameters = tuple(sorted(shapes.value(p, SH.path) for p in shapes.objects(component, SH.parameter)))
        validator = _one(shapes, component, SH.propertyValidator)
        if (validator is None or any(shapes.objects(component, SH.validator))
                or any(shapes.objects(component, SH.nodeValidator))
                or (validator, RDF.type, SH.SPARQLSelectValidator) not in shapes):
            raise Unsupported(f"constraint component {component}: only SPARQL select property validators compile")
        for p in shapes.objects(component, SH.parameter):
            if _one(shapes, p, SH.optional) is not None:
                raise Unsupported(f"constraint component {component}: optional parameters are not compiled")
        found[component] = (parameters, validator)
    return found


def _checked_select(text: str, where: rdflib.term.Node) -> tuple[str, int | None]:
    """The SELECT without its LIMIT, and the LIMIT; Unsupported for forms whose meaning changes when
    the query runs once for all focus nodes instead of once per focus node."""
    words = [(offset, token) for offset, token in tokens(text)]
    upper = [token.upper() for _, token in words]
    if upper.count("SELECT") != 1 or set(upper) & (_REFUSED_WORDS - {"SELECT"}) or "$this" not in [
            t for _, t in words[:upper.index("WHERE") if "WHERE" in upper else len(words)]]:
        raise Unsupported(f"{where}: the SPARQL query must be one SELECT projecting $this, without "
                          "sub-selects, MINUS, VALUES, GRAPH, grouping or ordering")
    if "LIMIT" in upper:
        at = upper.index("LIMIT")
        limit = re.fullmatch(r"LIMIT\s+(\d+)\s*", text[words[at][0]:], re.IGNORECASE)
        if limit is None:
            raise Unsupported(f"{where}: LIMIT must end the query")
        return text[:words[at][0]], int(limit.group(1))
    return text, None


def _prefixes(shapes: rdflib.Graph, node: rdflib.term.Node) -> dict[str, str]:
    declared = {}
    for ontology in shapes.objects(node, SH.prefixes):
        for declaration in shapes.objects(ontology, SH.declare):
            declared[str(shapes.value(declaration, SH.prefix))] = str(shapes.value(declaration, SH.namespace))
    return declared


def _with_prefixes(text: str, prefixes: dict[str, str]) -> str:
    return "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in sorted(prefixes.items())) + text


def _with_values(text: str, bindings: dict[str, rdflib.term.Node]) -> str:
    return at_group_start(text, "".join(values_clause(name, [term]) for name, term in sorted(bindings.items())))


def _template(name: str) -> str:
    text = (_TEMPLATES / f"{name}.rq").read_text(encoding="utf-8")
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#"))


# ---- what a query reads ---------------------------------------------------------------------------

def reaching_query(steps: tuple[Step, ...], nodes: Iterable[rdflib.term.Node]) -> str:
    """The focus nodes from which `steps` lead to one of `nodes`."""
    text = _template("reaching").replace("$PATH", "/".join(_step_path(step) for step in steps))
    return at_group_start(text, values_clause("node", nodes))


def _step_path(step: Step) -> str:
    predicates, forward = step
    if predicates is _ANY:
        one = "(<urn:chronicle-kg:none>|!<urn:chronicle-kg:none>)"
    else:
        one = "(" + "|".join(sparql_term(rdflib.URIRef(p)) for p in sorted(predicates)) + ")"
    return one if forward else f"^{one}"


@functools.lru_cache(maxsize=512)
def _reads(select: str) -> tuple[tuple[tuple[Step, ...], ...] | None, frozenset[str] | None]:
    """The paths from $this that the query's triple patterns follow, and the predicates of patterns
    not connected to $this. (None, None) when a pattern uses a path form not followed here."""
    try:
        algebra = prepareQuery(select).algebra
    except Exception as error:  # noqa: BLE001 - rdflib raises many kinds; the query still runs on the engine
        raise Unsupported(f"rdflib cannot parse a shape query: {error}") from None
    edges: list[tuple[object, frozenset[str] | None, object]] = []
    fresh = iter(range(1_000_000))
    for s, p, o in _triples(algebra):
        if not _add_edges(edges, s, p, o, fresh):
            return None, None
    this = rdflib.Variable("this")
    paths: set[tuple[Step, ...]] = set()
    reached = {this}

    def walk(node: object, prefix: tuple[Step, ...], seen: frozenset) -> None:
        for s, predicates, o in edges:
            for start, end, forward in ((s, o, True), (o, s, False)):
                if start == node and end not in seen:
                    path = (*prefix, (predicates, forward))
                    paths.add(path)
                    reached.add(end)
                    walk(end, path, seen | {end})

    walk(this, (), frozenset({this}))
    away = [p for s, p, o in edges if s not in reached and o not in reached]
    if any(p is _ANY for p in away):
        return tuple(sorted(paths, key=str)), None
    return tuple(sorted(paths, key=str)), frozenset(q for p in away for q in p)


def _triples(node: object) -> Iterator[tuple]:
    if isinstance(node, CompValue):
        if node.name == "BGP":
            yield from node.triples
        if node.name in ("Builtin_EXISTS", "Builtin_NOTEXISTS"):  # rdflib translates these lazily
            yield from _triples(traverse(translateGroupGraphPattern(node.graph), visitPost=translatePath))
            return
        for value in node.values():
            yield from _triples(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _triples(value)


def _add_edges(edges: list, s: object, p: object, o: object, fresh: Iterator[int]) -> bool:
    if isinstance(p, rdflib.URIRef):
        edges.append((s, frozenset({str(p)}), o))
    elif isinstance(p, rdflib.Variable):
        edges.append((s, _ANY, o))
    elif isinstance(p, InvPath):
        return _add_edges(edges, o, p.arg, s, fresh)
    elif isinstance(p, SequencePath):
        nodes = [s, *(rdflib.Variable(f"_step{next(fresh)}") for _ in p.args[1:]), o]
        return all(_add_edges(edges, a, q, b, fresh) for a, q, b in zip(nodes, p.args, nodes[1:], strict=False))
    elif isinstance(p, AlternativePath) and all(isinstance(a, rdflib.URIRef) for a in p.args):
        edges.append((s, frozenset(str(a) for a in p.args), o))
    else:
        return False
    return True
