"""The chronicle directory: where ontology/, shapes/, data/ and queries/ live.

Every command works on one: the directory given with --root, else the current directory when it
holds them (a curator's checkout), else the copy packaged with the installed distribution.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ProjectError
from .iris import check_slug, graph_iri

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

    def graph_files(self) -> list[tuple[Path, str]]:
        """Every RDF file of ontology/ and data/ with the named graph it loads into, in a stable order."""
        files = [
            (path, graph_iri(ONTOLOGY_GRAPHS.get(path.stem, path.stem)))
            for path in _rdf_files(self.root / "ontology")
        ]
        data = self.root / "data"
        for path in _rdf_files(data):
            relative = path.relative_to(data)
            if len(relative.parts) < 2:
                raise ProjectError(
                    f"{path.relative_to(self.root)}: data files belong in a data set folder, "
                    f"data/<dataset-slug>/{path.name}"
                )
            files.append((path, graph_iri(check_slug(relative.parts[0]))))
        return files

    def shape_files(self) -> list[Path]:
        return _rdf_files(self.root / "shapes")


def _rdf_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.is_file() and p.suffix in RDF_SUFFIXES)
