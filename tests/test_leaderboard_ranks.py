"""Leaderboards (and the scorecard summary's leads) read materialized ranks (ranks.py): they must give
exactly the rows of the every-pair ranking they replaced (tests/fixtures/queries/leaderboard-pairwise.rq,
the former canned query), for every benchmark and both scopes, and stay right when a data set is loaded
again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from chronicle_kg import Chronicle
from chronicle_kg.catalogue import read_query
from chronicle_kg.errors import ProjectError
from chronicle_kg.iris import RANKS_GRAPH
from chronicle_kg.load import load_project, reload_data_set
from chronicle_kg.project import Project
from chronicle_kg.query import internal_query, run_query

PAIRWISE = read_query(Path(__file__).parent / "fixtures" / "queries" / "leaderboard-pairwise.rq")


def _boards(chronicle: Chronicle) -> dict[tuple[str, str], list[dict[str, object]]]:
    """Every benchmark's whole leaderboard (top=0) in both scopes, checked against the every-pair ranking,
    and its first places (top=N) checked against the whole board's rows ranked N or better."""
    boards = {}
    for row in chronicle.sparql(internal_query("benchmarks-of")).records():
        for scope in ("false", "true"):
            arguments = {"benchmark": row["benchmark"], "reproduced_only": scope}
            materialized = chronicle.query("leaderboard", **arguments, top="0").records()
            assert materialized == run_query(chronicle.store, PAIRWISE, arguments).records(), arguments
            for top in (1, 5):
                assert chronicle.query("leaderboard", **arguments, top=str(top)).records() == \
                    [r for r in materialized if r["rank"] <= top], (arguments, top)
            boards[row["benchmark"], scope] = materialized
    return boards


def test_ranks_equal_the_every_pair_ranking_on_a_synthetic_graph(synthetic_graph):
    chronicle = Chronicle.open(synthetic_graph(20_000, 3)[0])
    boards = _boards(chronicle)
    # The scorecard summary's leads are the benchmarks a system ranks first on (the graph has no suites).
    leaders = {r["system"].rsplit("/", 1)[-1] for (_, scope), rows in boards.items() if scope == "false"
               for r in rows if r["rank"] == 1}
    for system in sorted(leaders)[:3] + ["n1", "n2"]:
        leads = sum(any(r["system"].endswith(f"/{system}") and r["rank"] == 1 for r in rows)
                    for (_, scope), rows in boards.items() if scope == "false")
        assert chronicle.query("scorecard-summary", system=system).records()[0]["leads"] == leads, system
    ranks = [[r["rank"] for r in rows] for rows in boards.values()]
    assert any(len(set(board)) < len(board) for board in ranks), "no tie was compared"
    assert any(rows for (benchmark, scope), rows in boards.items() if scope == "true"), "no reproduced board"
    assert any(rows and benchmark.endswith("/b9") for (benchmark, _), rows in boards.items()), \
        "no lower-is-better board"
    assert any(len(rows) > 100 for rows in boards.values()), "no board longer than the default top 100"
    largest = max(boards.items(), key=lambda item: len(item[1]))
    default = chronicle.query("leaderboard", benchmark=largest[0][0], reproduced_only=largest[0][1]).records()
    assert default == [r for r in largest[1] if r["rank"] <= 100]


def test_ranks_equal_the_every_pair_ranking_on_the_repository_data(repo_root):
    boards = _boards(Chronicle.open(repo_root))
    assert boards["https://w3id.org/chronicle-kg/id/benchmark/arc-ai2", "false"][0]["rank"] == 1


def _rank_triples(loaded) -> set:
    return set(loaded.store.subgraph(RANKS_GRAPH).statements())


def test_a_reloaded_data_set_is_ranked_again_as_a_fresh_load_ranks_it(synthetic_graph, tmp_path):
    out = tmp_path / "chronicle"
    shutil.copytree(synthetic_graph(3000, 11)[0], out)
    project = Project.find(out)
    loaded = load_project(project)
    before = _rank_triples(loaded)
    scores = out / "data" / "synthetic-0" / "scores.ttl"
    text = scores.read_text(encoding="utf-8")
    values = [line for line in text.splitlines() if "ck:value " in line]
    scores.write_text(text.replace(values[0], values[0].split("ck:value")[0] + "ck:value 99.9 ;", 1)
                      .replace(values[1], values[1].split("ck:value")[0] + "ck:value 1.0 ;", 1), encoding="utf-8")
    changed = reload_data_set(loaded, project, "synthetic-0")
    fresh = _rank_triples(load_project(project))
    assert _rank_triples(loaded) == fresh != before
    assert any(str(p).endswith("leaderboardRank") for _, p, _ in changed)


def test_a_data_set_cannot_take_the_ranks_graph_name(repo_copy):
    (repo_copy / "data" / "leaderboard-ranks").mkdir()
    (repo_copy / "data" / "chronicle" / "systems.ttl").rename(repo_copy / "data" / "leaderboard-ranks" / "x.ttl")
    with pytest.raises(ProjectError, match="leaderboard ranks"):
        load_project(Project.find(repo_copy))
