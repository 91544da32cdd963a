"""The Python API: open a graph, list canned queries, run them with parameters, get typed rows.

>>> from chronicle_kg import Chronicle
>>> graph = Chronicle.open()
>>> "scorecard" in [q.name for q in graph.queries()]
True
>>> rows = graph.query("scorecard", system="internlm-20b").records()
>>> [(r["benchmark"], r["score"]) for r in rows][:2]
[('ARC AI2', Decimal('75.6')), ('LAMBADA', Decimal('71.8'))]
"""

from __future__ import annotations

from pathlib import Path

from .catalogue import CannedQuery, catalogue, find_query
from .load import LoadedGraph, load_project
from .project import Project
from .query import Result, run_query, run_sparql


class Chronicle:
    """A loaded chronicle graph and its canned queries."""

    def __init__(self, project: Project, loaded: LoadedGraph) -> None:
        self.project = project
        self.loaded = loaded

    @classmethod
    def open(cls, root: Path | None = None, store: str = "memory") -> Chronicle:
        """Load the chronicle directory at `root` (see Project.find) into a store."""
        project = Project.find(root)
        return cls(project, load_project(project, store))

    def queries(self) -> list[CannedQuery]:
        """The canned-query catalogue, sorted by name."""
        return catalogue(self.project.root / "queries")

    def canned(self, name: str) -> CannedQuery:
        """One canned query by name."""
        return find_query(self.project.root / "queries", name)

    def query(self, name: str, **arguments: str) -> Result:
        """Run canned query `name`; arguments are given as text, as on the command line."""
        return run_query(self.loaded.store, self.canned(name), arguments)

    def sparql(self, text: str) -> Result:
        """Run a SPARQL SELECT."""
        return run_sparql(self.loaded.store, text)
