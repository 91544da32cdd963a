"""`chronicle push`: replace each named graph of a remote store with the built graph's, then check counts."""

from __future__ import annotations

from dataclasses import dataclass

import rdflib

from .build import load_valid
from .errors import ChronicleError
from .project import Project
from .query import internal_query, with_values
from .remote import RemoteStore


@dataclass(frozen=True)
class PushedGraph:
    graph: str
    triples: int


def push(project: Project, remote: RemoteStore) -> list[PushedGraph]:
    """Validate the project, then PUT each named graph whole and read its triple count back."""
    loaded, _ = load_valid(project)
    pushed = []
    for graph in loaded.store.graphs():
        body, count = loaded.store.graph_ntriples(graph)
        done = ", ".join(p.graph for p in pushed) or "none"
        try:  # one PUT replaces one graph whole, or leaves it as it was
            remote.put_graph(graph, body)
        except ChronicleError as error:
            raise ChronicleError(f"{error} (graphs replaced before it: {done}; {graph} and the rest are as "
                                 "they were: push again)") from None
        rows, _ = remote.select(with_values(internal_query("graph-size"), {"graph": rdflib.URIRef(graph)}))
        found = int(rows[0]["triples"]) if rows and "triples" in rows[0] else 0
        if found != count:
            raise ChronicleError(f"{remote.spec}: graph {graph} holds {found} triples after the push, not {count} "
                                 f"(graphs replaced before it: {done})")
        pushed.append(PushedGraph(graph, count))
    return pushed
