"""chronicle-kg: a knowledge graph of AI systems, benchmarks and milestones where every claim has provenance."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .api import Chronicle
from .errors import ChronicleError
from .query import Result

try:
    __version__ = version("chronicle-kg")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = ["Chronicle", "ChronicleError", "Result", "__version__"]
