"""Leaderboard ranks, materialized: a whole-graph aggregate stored as data, so that a leaderboard is a
lookup and not a comparison of every system with every other (docs/performance.md).

Each system's best current claim on a benchmark (sparql/best-claims.rq) carries the system's rank there:
`ck:leaderboardRank` counting every current claim, `ck:reproducedLeaderboardRank` counting only
independently reproduced ones. Systems with the same best value share a rank and the next rank skips
(1, 1, 3). The ranks live in their own named graph, RANKS_GRAPH, derived from the data on every load.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import rdflib

from .iris import CK, RANKS_GRAPH
from .sparqltext import at_group_start
from .store import Store, Term, values_clause

RANK_PROPERTIES = {"all": rdflib.URIRef(CK + "leaderboardRank"),
                   "reproduced": rdflib.URIRef(CK + "reproducedLeaderboardRank")}
_BENCHMARK = rdflib.URIRef(CK + "benchmark")
_HIGHER_IS_BETTER = rdflib.URIRef(CK + "higherIsBetter")
_QUERIES = Path(__file__).parent / "sparql"

Triple = tuple[Term, Term, Term]


def add_ranks(store: Store) -> None:
    """Store the rank of every system on every benchmark in RANKS_GRAPH."""
    store.add(_ranks(store, None), RANKS_GRAPH)


def update_ranks(store: Store, changed: set[Triple]) -> set[Triple]:
    """Rank again the benchmarks that `changed` (triples added or removed elsewhere) can reorder: the rank
    triples added or removed. Costs what those benchmarks' claims cost, not what the graph does."""
    subjects = {s for s, _, _ in changed}
    touched = {o for _, p, o in changed if p == _BENCHMARK} | {s for s, p, _ in changed if p == _HIGHER_IS_BETTER}
    touched |= {row["benchmark"] for row in _select(store, "benchmarks-of", "thing", subjects)}
    if not touched:
        return set()
    stale = subjects | {row["claim"] for row in _select(store, "ranked-claims", "benchmark", touched)}
    kept = {(row["claim"], row["property"], row["rank"])
            for row in _select(store, "ranked-claims") if row["claim"] not in stale}
    fresh = Store.memory()
    fresh.add(kept | _ranks(store, touched), RANKS_GRAPH)
    return store.replace_graph(RANKS_GRAPH, fresh)


def _ranks(store: Store, benchmarks: set[Term] | None) -> set[Triple]:
    """The rank triples of `benchmarks` (None: every benchmark)."""
    boards: dict[tuple[Term, str], list[tuple[Decimal | float, Term]]] = defaultdict(list)
    for row in _select(store, "best-claims", "benchmark", benchmarks):
        best = row["best"].toPython()
        if isinstance(best, (int, Decimal, float)) and not isinstance(best, bool):  # else a shape reports it
            boards[row["benchmark"], str(row["scope"])].append((best, row["claim"]))
    triples = set()
    for (_, scope), entries in boards.items():
        exact = not any(isinstance(best, float) for best, _ in entries)  # as SPARQL compares: in double if any is
        keyed = [(Decimal(best) if exact else float(best), claim) for best, claim in entries]
        first_place: dict[Decimal | float, int] = {}
        for place, best in enumerate(sorted((best for best, _ in keyed), reverse=True), start=1):
            first_place.setdefault(best, place)
        triples |= {(claim, RANK_PROPERTIES[scope], _rank_literal(first_place[best])) for best, claim in keyed}
    return triples


@functools.cache
def _rank_literal(rank: int) -> rdflib.Literal:
    return rdflib.Literal(rank)


def _select(store: Store, name: str, variable: str = "", terms: set[Term] | None = None) -> list[dict[str, Term]]:
    """The rows of internal query `name`, with ?variable restricted to `terms` when given."""
    text = (_QUERIES / f"{name}.rq").read_text(encoding="utf-8")
    if terms is not None:
        text = at_group_start(text, values_clause(variable, sorted(terms)))
    return store.select(text)[0]
