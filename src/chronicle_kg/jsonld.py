"""Compact JSON-LD: expanded node objects rewritten with the project's published context.

Only prefixes are used, so compaction is a pure rewrite of IRIs and needs no JSON-LD processor;
any JSON-LD 1.1 processor expands the result back to the same triples.

>>> context = {"ck": "https://w3id.org/chronicle-kg/ontology#", "xsd": "http://www.w3.org/2001/XMLSchema#"}
>>> list(compact_nodes([{"@id": "https://w3id.org/chronicle-kg/ontology#x",
...   "https://w3id.org/chronicle-kg/ontology#value": [{"@type": "http://www.w3.org/2001/XMLSchema#decimal", "@value": "1.5"}]}],
...   context))
[{'@id': 'ck:x', 'ck:value': {'@type': 'xsd:decimal', '@value': '1.5'}}]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

_encode_string = json.encoder.encode_basestring  # as json.dumps(ensure_ascii=False) quotes strings

RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


def compact_iri(iri: str, context: dict[str, str]) -> str:
    """`prefix:local` for the longest namespace in the context that `iri` starts with, else `iri`."""
    best, chosen = "", iri
    for prefix, namespace in context.items():
        local = iri[len(namespace):]
        if iri.startswith(namespace) and local and not local.startswith("//") and len(namespace) > len(best):
            best = namespace
            chosen = f"{prefix}:{local}"
    return chosen


def compact_nodes(nodes: Iterable[dict[str, Any]], context: dict[str, str]) -> Iterator[dict[str, Any]]:
    """Rewrite expanded node objects (one per subject) with the prefixes of `context`, one at a time."""
    known: dict[str, str] = {}

    def compact(iri: str) -> str:  # remembered: predicates, classes and datatypes repeat on every node
        if iri not in known:
            known[iri] = compact_iri(iri, context)
        return known[iri]

    return (_compact_node(node, compact) for node in nodes)


def document_text(context: dict[str, Any], nodes: Iterable[dict[str, Any]]) -> str:
    r"""`json.dumps({"@context": context, "@graph": [*nodes]}, indent=1, ensure_ascii=False)` and a newline,
    written one node at a time (JSON escapes line breaks inside strings, so each node is indented as a whole).

    >>> document_text({"ex": "http://e/"}, iter([{"@id": "ex:a"}])) == json.dumps(
    ...     {"@context": {"ex": "http://e/"}, "@graph": [{"@id": "ex:a"}]}, indent=1, ensure_ascii=False) + "\n"
    True
    """
    head = json.dumps({"@context": context}, indent=1, ensure_ascii=False).removesuffix("\n}")
    graph = ",\n  ".join(_json_text(node, "  ") for node in nodes)
    return f'{head},\n "@graph": [\n  {graph}\n ]\n}}\n' if graph else f'{head},\n "@graph": []\n}}\n'


def _json_text(value: str | list | dict, indent: str) -> str:
    """What json.dumps(indent=1, ensure_ascii=False) writes for `value` (strings, lists and objects, all a node
    holds) nested `indent` deep, without the general encoder's cost."""
    if isinstance(value, str):
        return _encode_string(value)
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{_encode_string(key)}: {_json_text(item, inner)}" for key, item in value.items()]
        return "{\n" + inner + (",\n" + inner).join(items) + "\n" + indent + "}" if items else "{}"
    if isinstance(value, list):
        items = [_json_text(item, inner) for item in value]
        return "[\n" + inner + (",\n" + inner).join(items) + "\n" + indent + "]" if items else "[]"
    raise TypeError(f"a JSON-LD node holds strings, lists and objects, not {value!r}")


def _compact_node(node: dict[str, Any], compact: Callable[[str], str]) -> dict[str, Any]:
    result: dict[str, Any] = {"@id": compact(node["@id"])}
    for key, values in node.items():
        if key == "@id":
            continue
        if key == RDF_TYPE and all("@id" in v for v in values):
            result["@type"] = _single([compact(v["@id"]) for v in values])
        else:
            result[compact(key)] = _single([_compact_value(v, compact) for v in values])
    return dict(sorted(result.items()))


def _compact_value(value: dict[str, str], compact: Callable[[str], str]) -> Any:
    if "@id" in value:
        return {"@id": compact(value["@id"])}
    if "@language" in value:
        return value
    datatype = value.get("@type", XSD_STRING)
    if datatype == XSD_STRING:
        return value["@value"]
    return {"@type": compact(datatype), "@value": value["@value"]}


def _single(values: list[Any]) -> Any:
    return values[0] if len(values) == 1 else values
