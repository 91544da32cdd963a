"""Load a chronicle directory (or some files beside its ontology) into a new in-memory store, strictly."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ChronicleError, DataSyntaxError
from .iris import PREFIXES, check_slug, graph_iri, slugify
from .jsonld import compact_iri
from .project import Project
from .ranks import add_ranks, update_ranks
from .sourcemap import SourceMap, display_name
from .store import ParsedFile, Store, Term


@dataclass
class LoadedGraph:
    """A store holding the loaded files, and where each subject came from."""

    store: Store
    sources: SourceMap
    files: list[ParsedFile]

    @property
    def triple_count(self) -> int:
        return sum(f.triples for f in self.files)


def load_project(project: Project) -> LoadedGraph:
    """The ontology, vocabularies and every data set of the project, one named graph each, and the
    leaderboard ranks derived from them (ranks.RANKS_GRAPH)."""
    loaded = _load(project.graph_files(), project.root)
    add_ranks(loaded.store)
    return loaded


def load_with_ontology(project: Project, paths: list[Path]) -> LoadedGraph:
    """The project's ontology and vocabularies plus the given files (each its own graph)."""
    ontology = [(p, g) for p, g in project.graph_files() if p.parent == project.root / "ontology"]
    given = []
    for path in paths:
        if not path.is_file():
            raise ChronicleError(f"{path}: no such file")
        given.append((path, graph_iri("file-" + (slugify(path.stem) or "data"))))
    return _load(ontology + given, project.root)


def reload_data_set(loaded: LoadedGraph, project: Project, slug: str) -> set[tuple[Term, Term, Term]]:
    """Load data set `slug` (the files of data/SLUG/) again into `loaded`, after they changed: the triples
    added or removed, for validate.validate_changed. All or nothing: a file that does not load leaves
    `loaded` as it was. The leaderboard ranks it can reorder are derived again (and count as changed)."""
    graph = graph_iri(check_slug(slug))
    files = [(path, g) for path, g in project.graph_files() if g == graph]
    fresh = _load(files, project.root)
    changed = loaded.store.replace_graph(graph, fresh.store)
    names = {display_name(path, project.root) for path, _ in files} | {
        display_name(f.path, project.root) for f in loaded.files if f.graph == graph}
    for name in names:
        loaded.sources.forget_file(name)
    _add_sources(loaded.sources, fresh, project.root)
    loaded.files[:] = [f for f in loaded.files if f.graph != graph] + fresh.files
    return changed | update_ranks(loaded.store, changed)


def _add_sources(sources: SourceMap, loaded: LoadedGraph, root: Path) -> None:
    for parsed in loaded.files:
        name = display_name(parsed.path, root)
        sources.add_file(name, parsed.path.read_text(encoding="utf-8"), parsed.prefixes, parsed.subjects)


def load_files(files: list[tuple[Path, str]], root: Path) -> LoadedGraph:
    """The given files, each into the named graph paired with it (names shown relative to `root`)."""
    return _load(files, root)


def _load(files: list[tuple[Path, str]], root: Path) -> LoadedGraph:
    store = Store.memory()
    sources = SourceMap()
    parsed = []
    for path, graph in files:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise ChronicleError(f"{display_name(path, root)}: not UTF-8 text ({error.reason})") from None
        name = display_name(path, root)
        result = store.load_file(path, graph, name)
        sources.add_file(name, text, result.prefixes, result.subjects)
        if result.ill_typed:  # reported at the line of the first such statement's subject
            subject, predicate, lexical, datatype = result.ill_typed[0]
            place = sources.locate(subject, predicate)
            raise DataSyntaxError(
                name, place.line if place else None, None,
                f"{compact_iri(predicate, PREFIXES)} of {subject}: {lexical!r} is not a valid "
                f"{compact_iri(datatype, PREFIXES)}: write it in that datatype's form, "
                "such as \"2023-09-18\"^^xsd:date or 75.6 (see docs/model.md)",
            )
        parsed.append(result)
    return LoadedGraph(store, sources, parsed)
