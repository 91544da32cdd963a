"""Compact JSON-LD: expanded node objects rewritten with the project's published context.

Only prefixes are used, so compaction is a pure rewrite of IRIs and needs no JSON-LD processor;
any JSON-LD 1.1 processor expands the result back to the same triples.

>>> context = {"ck": "https://w3id.org/chronicle-kg/ontology#", "xsd": "http://www.w3.org/2001/XMLSchema#"}
>>> compact_nodes([{"@id": "https://w3id.org/chronicle-kg/ontology#x",
...   "https://w3id.org/chronicle-kg/ontology#value": [{"@type": "http://www.w3.org/2001/XMLSchema#decimal", "@value": "1.5"}]}],
...   context)
[{'@id': 'ck:x', 'ck:value': {'@type': 'xsd:decimal', '@value': '1.5'}}]
"""

from __future__ import annotations

from typing import Any

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


def compact_nodes(nodes: list[dict[str, Any]], context: dict[str, str]) -> list[dict[str, Any]]:
    """Rewrite expanded node objects (one per subject) with the prefixes of `context`."""
    return [_compact_node(node, context) for node in nodes]


def _compact_node(node: dict[str, Any], context: dict[str, str]) -> dict[str, Any]:
    result: dict[str, Any] = {"@id": compact_iri(node["@id"], context)}
    for key, values in node.items():
        if key == "@id":
            continue
        if key == RDF_TYPE and all("@id" in v for v in values):
            result["@type"] = _single([compact_iri(v["@id"], context) for v in values])
        else:
            result[compact_iri(key, context)] = _single([_compact_value(v, context) for v in values])
    return dict(sorted(result.items()))


def _compact_value(value: dict[str, str], context: dict[str, str]) -> Any:
    if "@id" in value:
        return {"@id": compact_iri(value["@id"], context)}
    if "@language" in value:
        return value
    datatype = value.get("@type", XSD_STRING)
    if datatype == XSD_STRING:
        return value["@value"]
    return {"@type": compact_iri(datatype, context), "@value": value["@value"]}


def _single(values: list[Any]) -> Any:
    return values[0] if len(values) == 1 else values
