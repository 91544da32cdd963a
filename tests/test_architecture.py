"""The package's layers point one way: a module imports only from layers below it, and only the
store module talks to the RDF engine (STYLE.md, habit 1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "chronicle_kg"

# Lower numbers are lower layers: errors -> vocabulary/formats -> store -> queries -> validate/export -> cli.
LAYERS = {
    "errors": 0, "atomic": 0,
    "iris": 1, "formats": 1, "httpcache": 1, "jsonld": 1, "sourcemap": 1, "sparqltext": 1, "negotiation": 1, "tabular": 1,
    "store": 2, "project": 2, "resolve": 2, "turtle": 2,
    "remote": 3, "params": 3, "ranks": 3, "versions": 3,
    "catalogue": 4, "load": 4,
    "shaclsparql": 4,
    "query": 5, "validate": 5, "export": 5,
    "resultformats": 6, "build": 6, "void": 6, "ontodocs": 6, "importers": 6,
    "api": 7, "push": 7, "tables": 7, "release": 7, "diff": 7, "importing": 7,
    "pages": 8, "sitepages": 9, "site": 10, "server": 11,
    "cli": 12, "__main__": 13, "__init__": 13,
}
ENGINE_MODULES = {"pyoxigraph", "oxrdflib", "SPARQLWrapper"}
STORE_MODULES = {"store", "remote"}  # the local engine, and a remote endpoint


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """(sibling modules imported, top-level third-party packages imported) of one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    siblings, external = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            siblings.add((node.module or "").split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module:
            external.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            external.update(alias.name.split(".")[0] for alias in node.names)
    return siblings, external


MODULES = sorted(p for p in PACKAGE.glob("*.py"))


def test_every_module_has_a_layer():
    assert sorted(p.stem for p in MODULES if p.stem not in LAYERS) == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_module_imports_only_lower_layers(path: Path):
    siblings, _ = _imports(path)
    upward = sorted(m for m in siblings if LAYERS[m] >= LAYERS[path.stem] and path.stem != "__main__")
    assert upward == [], f"{path.name} imports from its own or a higher layer: {upward}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_only_the_store_talks_to_the_engine(path: Path):
    _, external = _imports(path)
    if path.stem not in STORE_MODULES:
        assert external & ENGINE_MODULES == set(), f"{path.name} imports the engine directly"
