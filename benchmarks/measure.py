"""One measurement, run in its own process by run.py so that its peak memory is its own.

    python benchmarks/measure.py chronicle|oxigraph|rdflib|queries ROOT [--repeat N] [--limit SECONDS]

prints one JSON object: times in seconds, query latencies in milliseconds (median of N runs), peak memory
in MB (the process's maximum resident set), and for the validators the set of results found.

- chronicle: what `chronicle build` does (load, validate, dump) and every canned query through the API,
  plus one incremental re-validation after a data set changes;
- oxigraph: raw pyoxigraph, the engine's own limit: bulk parse, the query texts the API sends, a dump;
- rdflib: what a Python user would write: rdflib's default memory store, plain pySHACL, rdflib's SPARQL;
- queries: load, then every canned query through the API (`--arguments` for a graph other than a synthetic one).
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from chronicle_kg import Chronicle
from chronicle_kg.catalogue import CannedQuery, catalogue
from chronicle_kg.export import write_dumps
from chronicle_kg.iris import RANKS_GRAPH
from chronicle_kg.load import load_project, reload_data_set
from chronicle_kg.project import Project
from chronicle_kg.query import bind_arguments, with_values
from chronicle_kg.validate import load_shapes, validate, validate_changed

# The arguments each canned query gets on a generated graph: benchmark b0 has the most systems.
ARGUMENTS = {
    "system": "n5", "entity": "n5", "benchmark": "b0", "milestone": "m0", "date": "2022-06-01", "org": "o1",
}


class OverTime(Exception):
    """A baseline step ran past its time limit."""


CPU_SECONDS: dict[str, float] = {}  # CPU time of the process (all its threads) per named step


def _timed(step: Callable[[], object], name: str | None = None) -> tuple[float, object]:
    """Wall-clock seconds of `step` (and, when named, its CPU seconds in CPU_SECONDS) and its result."""
    start, cpu = time.perf_counter(), time.process_time()
    result = step()
    if name:
        CPU_SECONDS[name] = time.process_time() - cpu
    return time.perf_counter() - start, result


def _median_ms(step: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        elapsed, _ = _timed(step)
        times.append(elapsed * 1000)
    return round(statistics.median(times), 2)


def _peak_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


# Runs measured beside each canned query's defaults: the whole leaderboard, not only its first 100 places.
VARIANTS = {"leaderboard": ("leaderboard top=0", {"top": "0"})}


def _runs(queries: Iterable[CannedQuery], arguments: dict[str, str]
          ) -> Iterator[tuple[str, CannedQuery, dict[str, str]]]:
    """(name, query, its arguments) of each run: every canned query with its required `arguments`, plus
    the VARIANTS."""
    for query in queries:
        required = {p.name: arguments[p.name] for p in query.parameters if p.required}
        yield query.name, query, required
        if query.name in VARIANTS:
            name, extra = VARIANTS[query.name]
            yield name, query, {**required, **extra}


def _raw_texts(root: Path, arguments: dict[str, str], *, into_sub_selects: bool) -> dict[str, str]:
    """Each run's query text with its arguments bound, as the API would send it to an engine."""
    return {name: with_values(query.text, bind_arguments(query, given), into_sub_selects=into_sub_selects)
            for name, query, given in _runs(catalogue(root / "queries"), arguments)}


def _query_medians(chronicle: Chronicle, repeat: int, arguments: dict[str, str]) -> dict[str, float]:
    """Each run's median milliseconds through the Python API."""
    return {name: _median_ms(lambda q=query, a=given: chronicle.query(q.name, **a), repeat)
            for name, query, given in _runs(chronicle.queries(), arguments)}


def _keys(results) -> list[list[str]]:
    return sorted([[r.severity, r.focus, r.path or "", r.shape] for r in results])


def measure_chronicle(root: Path, repeat: int) -> dict:
    project = Project.find(root)
    parse_s, loaded = _timed(lambda: load_project(project), "parse")
    shapes = load_shapes(project)
    validate_s, report = _timed(lambda: validate(loaded, shapes), "validate")
    with tempfile.TemporaryDirectory() as out:
        dump_s, _ = _timed(lambda: write_dumps(loaded.store, project, Path(out)), "dump")
    queries = _query_medians(Chronicle(project, loaded.store), repeat, ARGUMENTS)
    incremental = _incremental(project, loaded, shapes, report)
    return {
        "triples": loaded.triple_count, "parse_s": parse_s, "validate_s": validate_s, "dump_s": dump_s,
        "build_s": parse_s + validate_s + dump_s, "cpu_s": dict(CPU_SECONDS), "queries_ms": queries, "incremental": incremental,
        "results": _keys(report.results), "peak_mb": _peak_mb(),
    }


def measure_queries(root: Path, repeat: int, arguments: dict[str, str]) -> dict:
    """Load the chronicle directory, then time every canned query (for the real corpus)."""
    project = Project.find(root)
    parse_s, loaded = _timed(lambda: load_project(project), "parse")
    return {"triples": loaded.triple_count, "parse_s": parse_s, "cpu_s": dict(CPU_SECONDS),
            "queries_ms": _query_medians(Chronicle(project, loaded.store), repeat, arguments),
            "peak_mb": _peak_mb()}


def _incremental(project: Project, loaded, shapes, report) -> dict:
    """Re-import data set synthetic-0 after one claim's value changed, and re-validate what the change
    reaches; twice, as an importer would: the first call also reads what every shape's rules read."""
    scores = project.root / "data" / "synthetic-0" / "scores.ttl"
    original = scores.read_text(encoding="utf-8")
    figures = {}
    try:
        for run, value in (("first", "ck:value 1"), ("second", "ck:value 2")):
            scores.write_text(original.replace("ck:value ", value, 1), encoding="utf-8")
            reload_s, changed = _timed(lambda: reload_data_set(loaded, project, "synthetic-0"), "reload")
            revalidate_s, report = _timed(lambda: validate_changed(loaded, shapes, report, changed), "revalidate")
            figures[run] = {"reload_s": reload_s, "revalidate_s": revalidate_s, "changed_triples": len(changed),
                            "reload_cpu_s": CPU_SECONDS["reload"], "revalidate_cpu_s": CPU_SECONDS["revalidate"]}
    finally:
        scores.write_text(original, encoding="utf-8")
    return figures


def _derived_ranks(project: Project) -> bytes:
    """The leaderboard ranks chronicle derives on load (ranks.py), as N-Triples: the baselines get them,
    untimed, so that the leaderboard query reads the same data everywhere."""
    return load_project(project).store.graph_ntriples(RANKS_GRAPH)[0]


def measure_oxigraph(root: Path, repeat: int, arguments: dict[str, str]) -> dict:
    import pyoxigraph as ox

    project = Project.find(root)
    store = ox.Store()

    def parse() -> None:
        for path, graph in project.graph_files():
            store.bulk_load(path=str(path), format=ox.RdfFormat.TURTLE, to_graph=ox.NamedNode(graph))

    parse_s, _ = _timed(parse)
    store.load(_derived_ranks(project), format=ox.RdfFormat.N_TRIPLES, to_graph=ox.NamedNode(RANKS_GRAPH))
    dump_s, _ = _timed(lambda: store.dump(io.BytesIO(), format=ox.RdfFormat.N_QUADS))
    queries = {name: _median_ms(lambda text=text: list(store.query(text, use_default_graph_as_union=True)), repeat)
               for name, text in _raw_texts(project.root, arguments, into_sub_selects=True).items()}
    return {"parse_s": parse_s, "dump_s": dump_s, "queries_ms": queries, "peak_mb": _peak_mb()}


def measure_rdflib(root: Path, repeat: int, limit: int) -> dict:
    import pyshacl
    import rdflib
    from rdflib.namespace import SH

    def alarm(*_: object) -> None:
        raise OverTime

    signal.signal(signal.SIGALRM, alarm)
    project = Project.find(root)
    graph = rdflib.Graph()
    parse_s, _ = _timed(lambda: [graph.parse(path, format="turtle") for path, _ in project.graph_files()])
    shapes = rdflib.Graph()
    for path in project.shape_files():
        shapes.parse(path, format="turtle")
    signal.alarm(limit)
    try:
        validate_s, (_, results, _) = _timed(lambda: pyshacl.validate(
            graph, shacl_graph=shapes, inference="none", advanced=True, allow_warnings=True), "validate")
    except OverTime:
        return {"parse_s": parse_s, "skipped": f"plain pySHACL did not finish within {limit} s"}
    finally:
        signal.alarm(0)
    keys = sorted([str(results.value(r, SH.resultSeverity)).rsplit("#", 1)[-1], str(results.value(r, SH.focusNode)),
                   str(p) if isinstance(p := results.value(r, SH.resultPath), rdflib.URIRef) else "",
                   str(results.value(r, SH.sourceShape))]
                  for r in results.subjects(rdflib.RDF.type, SH.ValidationResult))
    dump_s, _ = _timed(lambda: graph.serialize(format="nt"))
    graph.parse(data=_derived_ranks(project), format="nt")
    queries = {}
    for name, text in _raw_texts(project.root, ARGUMENTS, into_sub_selects=False).items():
        signal.alarm(max(1, limit // 20))
        try:
            queries[name] = _median_ms(lambda text=text: list(graph.query(text)), max(1, repeat // 3))
        except OverTime:
            queries[name] = None
        finally:
            signal.alarm(0)
    return {"parse_s": parse_s, "validate_s": validate_s, "dump_s": dump_s, "cpu_s": dict(CPU_SECONDS),
            "queries_ms": queries, "results": keys, "peak_mb": _peak_mb()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("chronicle", "oxigraph", "rdflib", "queries"))
    parser.add_argument("root", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, default=300, help="seconds plain pySHACL may take (rdflib only)")
    parser.add_argument("--arguments", type=json.loads, default={},
                        help="JSON object of query arguments over the synthetic graph's (queries, oxigraph)")
    args = parser.parse_args()
    if args.what == "queries":
        result = measure_queries(args.root, args.repeat, {**ARGUMENTS, **args.arguments})
    elif args.what == "chronicle":
        result = measure_chronicle(args.root, args.repeat)
    elif args.what == "oxigraph":
        result = measure_oxigraph(args.root, args.repeat, {**ARGUMENTS, **args.arguments})
    else:
        result = measure_rdflib(args.root, args.repeat, args.limit)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
