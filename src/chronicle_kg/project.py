"""The chronicle directory: where ontology/, shapes/, data/ and queries/ live.

Every command works on one: the directory given with --root, else the current directory when it
holds them (a curator's checkout), else the copy packaged with the installed distribution.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ProjectError
from .iris import RANKS_GRAPH, check_slug, graph_iri

PARTS = ("ontology", "shapes", "data", "queries")
RDF_SUFFIXES = (".ttl", ".nt")
ONTOLOGY_GRAPHS = {"chronicle": "ontology"}  # ontology/chronicle.ttl is graph:ontology; others by stem


def _is_chronicle_dir(path: Path) -> bool:
    return all((path / part).is_dir() for part in PARTS)


def _packaged_dirs() -> list[Path]:
    package = Path(__file__).resolve().parent
    return [package / "bundle", package.parents[1]]


@dataclass(frozen=True)
class Project:
    """A chronicle directory and the files in it."""

    root: Path

    @classmethod
    def find(cls, root: Path | None = None) -> Project:
        """The directory given, else the current one, else the packaged copy."""
        if root is not None:
            if not _is_chronicle_dir(root):
                missing = [p for p in PARTS if not (root / p).is_dir()]
                raise ProjectError(
                    f"{root} is not a chronicle directory: it has no {', '.join(p + '/' for p in missing)}"
                    " (give --root a directory holding ontology/, shapes/, data/ and queries/)"
                )
            return cls(root.resolve())
        for candidate in [Path.cwd(), *_packaged_dirs()]:
            if _is_chronicle_dir(candidate):
                return cls(candidate.resolve())
        raise ProjectError(
            "no chronicle directory found: run inside a checkout or give --root DIR"
        )

    @property
    def dist(self) -> Path:
        return self.root / "dist"

    @property
    def imports(self) -> Path:
        """Where `chronicle import` writes data sets: third-party data, never committed."""
        return self.root / "imports"

    def graph_files(self) -> list[tuple[Path, str]]:
        """Every RDF file of ontology/, data/ and imports/ with the named graph it loads into, in a stable
        order (an imports/ folder whose name starts with '.' is an import in progress and is left out)."""
        return self.curated_graph_files() + self.imported_graph_files()

    def curated_graph_files(self) -> list[tuple[Path, str]]:
        """The RDF files of ontology/ and data/ (the curated graph) with their named graphs."""
        files = [
            (path, graph_iri(ONTOLOGY_GRAPHS.get(path.stem, path.stem)))
            for path in _rdf_files(self.root / "ontology")
        ]
        return files + _data_set_files(self.root / "data", self.root)

    def imported_graph_files(self, exclude: str | None = None) -> list[tuple[Path, str]]:
        """The RDF files of imports/ (all but the data set `exclude`) with their named graphs."""
        files = _data_set_files(self.imports, self.root) if self.imports.is_dir() else []
        curated = {graph for _, graph in _data_set_files(self.root / "data", self.root)}
        clashes = sorted({graph for _, graph in files if graph in curated})
        if clashes:
            raise ProjectError(
                f"imports/ and data/ both hold data set {clashes[0].rsplit('/', 1)[-1]}: rename or remove "
                "the imported folder"
            )
        return [(path, graph) for path, graph in files if exclude is None or graph != graph_iri(exclude)]

    def shape_files(self) -> list[Path]:
        return _rdf_files(self.root / "shapes")


def _data_set_files(directory: Path, root: Path) -> list[tuple[Path, str]]:
    """The RDF files of data/ or imports/: one folder per data set, named by its slug."""
    files = []
    for path in _rdf_files(directory):
        relative = path.relative_to(directory)
        if relative.parts[0].startswith("."):
            continue
        if len(relative.parts) < 2:
            raise ProjectError(
                f"{path.relative_to(root)}: data files belong in a data set folder, "
                f"{directory.name}/<dataset-slug>/{path.name}"
            )
        graph = graph_iri(check_slug(relative.parts[0]))
        if graph == RANKS_GRAPH:
            raise ProjectError(f"{path.relative_to(root)}: {relative.parts[0]} is the name of the derived leaderboard "
                               "ranks' graph: give the data set another folder name")
        files.append((path, graph))
    return files


def _rdf_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.is_file() and p.suffix in RDF_SUFFIXES)
