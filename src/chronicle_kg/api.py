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
from .errors import ChronicleError
from .load import load_project
from .project import Project
from .query import QueryStore, Result, run_query, run_sparql
from .remote import Endpoint, RemoteStore
from .store import Store, StoreSpec
from .versions import load_release


class Chronicle:
    """A chronicle graph on some store, and the canned queries of its chronicle directory."""

    def __init__(self, project: Project, store: QueryStore) -> None:
        self.project = project
        self.store = store

    @classmethod
    def open(cls, root: Path | None = None, store: str = "memory", endpoint: Endpoint | None = None) -> Chronicle:
        """The graph of the chronicle directory at `root` (see Project.find) on the store `store` names:
        `memory` loads the directory now; `oxigraph:PATH` reuses what `chronicle build --store` wrote there;
        `sparql:URL` queries an endpoint that `chronicle push` filled (`endpoint` adds its settings)."""
        project = Project.find(root)
        spec = StoreSpec.parse(store)
        if spec.kind == "memory":
            return cls(project, load_project(project).store)
        if spec.kind == "oxigraph":
            if not Path(spec.location).is_dir():
                raise ChronicleError(f"--store {store}: no store there: run chronicle build --store {store} first")
            on_disk = Store.on_disk(Path(spec.location))
            if on_disk.is_empty():
                raise ChronicleError(f"--store {store}: the store is empty: run chronicle build --store {store} first")
            return cls(project, on_disk)
        return cls(project, RemoteStore(endpoint or Endpoint(spec.location)))

    @classmethod
    def at_release(cls, version: str, root: Path | None = None) -> Chronicle:
        """The graph as release `version` (dist/VERSION/ of the chronicle directory) published it, in
        memory; the canned queries are the chronicle directory's."""
        project = Project.find(root)
        return cls(project, load_release(project, version))

    def queries(self) -> list[CannedQuery]:
        """The canned-query catalogue, sorted by name."""
        return catalogue(self.project.root / "queries")

    def canned(self, name: str) -> CannedQuery:
        """One canned query by name."""
        return find_query(self.project.root / "queries", name)

    def query(self, name: str, **arguments: str) -> Result:
        """Run canned query `name`; arguments are given as text, as on the command line."""
        return run_query(self.store, self.canned(name), arguments)

    def sparql(self, text: str) -> Result:
        """Run a SPARQL SELECT."""
        return run_sparql(self.store, text)
