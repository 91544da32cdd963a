"""The benchmark suite: synthetic graphs of several sizes, chronicle against its baselines, one report.

    python benchmarks/run.py --sizes 10k,100k

For each size: generate the graph (benchmarks/generate.py, seeded; kept in benchmarks/.work/), then measure
in separate processes, one after the other (one core at a time; the machine is shared):
chronicle (build = parse + validate + dump, canned queries, incremental re-validation), raw pyoxigraph
(the engine's own limit) and rdflib's memory store with plain pySHACL (what a Python user would write;
skipped, and said so, where it would take longer than --baseline-limit seconds). The HTTP server is measured
when `chronicle serve` exists. With --corpus ../shared/data, the real corpus too (the repository's data with
every data set imported): `chronicle build` end to end, the canned queries, the HTTP server. Writes
benchmarks/report.json, benchmarks/report.md and benchmarks/time-vs-size.svg.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate, parse_size  # noqa: E402 - the generator beside this file
from load import load_test, system_slugs  # noqa: E402
from plot import time_vs_size_svg  # noqa: E402

from import_corpus import DATA_SETS  # noqa: E402

TARGETS = {"scorecard_ms": 50, "leaderboard_ms": 200, "validate_1m_s": 60, "speedup_100k": 20,
           "corpus_build_s": 60, "corpus_build_mb": 2000, "corpus_scorecard_per_s": 200}
REPO = HERE.parent
SYNTHETIC_ARGUMENTS = {"system": "n5", "benchmark": "b0"}
# The seed's system and milestone, and the benchmark with the most systems once everything is imported.
CORPUS_ARGUMENTS = {"system": "internlm-20b", "entity": "internlm-20b", "benchmark": "arc-ai2",
                    "milestone": "internlm-math", "org": "shanghai-ai-laboratory", "date": "2024-01-01"}


def _child(what: str, root: Path, *options: str, timeout: float | None = None) -> dict:
    """Run measure.py in its own process, niced: its JSON, or why there is none."""
    command = [sys.executable, str(HERE / "measure.py"), what, str(root), *options]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False,
                              preexec_fn=lambda: os.nice(10))
    except subprocess.TimeoutExpired:
        return {"skipped": f"did not finish within {timeout:.0f} s"}
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"}
    return json.loads(done.stdout)


def _graph(work: Path, size: str, seed: int) -> tuple[Path, dict]:
    """The generated graph of `size` (made once and kept), with the repository's current ontology, shapes and
    queries."""
    root = work / f"{size}-seed{seed}"
    manifest = root / "planted.json"
    if not manifest.is_file():
        if root.exists():
            raise SystemExit(f"{root} is an incomplete graph: remove it and run again")
        generate(root, parse_size(size), seed)
    _copy_parts(root, ("ontology", "shapes", "queries"))
    return root, json.loads(manifest.read_text(encoding="utf-8"))


def _copy_parts(root: Path, parts: tuple[str, ...]) -> None:
    """Replace `parts` of the chronicle directory `root` with the repository's, so that a kept graph is
    measured with the code's queries and shapes of this run."""
    for part in parts:
        shutil.rmtree(root / part, ignore_errors=True)
        shutil.copytree(REPO / part, root / part)


# ---- the HTTP server (when `chronicle serve` exists) ---------------------------------------------------------

def _serve_available() -> bool:
    done = subprocess.run([sys.executable, "-m", "chronicle_kg", "serve", "--help"], capture_output=True,
                          check=False)
    return done.returncode == 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def measure_server(root: Path, arguments: dict[str, str], validate: bool = False, seconds: float = 5.0,
               clients: int = 8) -> dict:
    """Requests per second of the scorecard and leaderboard queries over HTTP, `clients` at a time: one URL asked
    again and again (the server answers repeats from its cache), and the scorecards of every system in turn
    (answers the server has not kept); and how long the server took to answer its first request. Without
    `validate` the server skips validation (a generated graph holds planted violations, which `serve` would
    refuse)."""
    if not _serve_available():
        return {"skipped": "`chronicle serve` is not available in this checkout"}
    port = _free_port()
    # --max-rows: the load test lists every system in one answer (30,300 at 5M, over the default limit)
    command = [sys.executable, "-m", "chronicle_kg", "--root", str(root), "serve", "--port", str(port),
               "--max-rows", "1000000"]
    started = time.monotonic()
    server = subprocess.Popen(command + ([] if validate else ["--no-validate"]), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    urls = {"scorecard": f"{base}/queries/scorecard?system={arguments['system']}",
            "leaderboard": f"{base}/queries/leaderboard?benchmark={arguments['benchmark']}"}
    try:
        if not _wait_for(urls["scorecard"], server, timeout=900):
            return {"error": "the server did not answer within 900 s"}
        figures = {"startup_s": round(time.monotonic() - started, 1)}
        figures.update({name: load_test([url], seconds, clients) for name, url in urls.items()})
        figures["scorecard_every_system"] = load_test(
            [f"{base}/queries/scorecard?system={slug}" for slug in system_slugs(base)], seconds, clients, once=True)
        return figures
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def _wait_for(url: str, server: subprocess.Popen, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return True
        except (urllib.error.URLError, OSError):
            time.sleep(0.5)
    return False


# ---- the real corpus -------------------------------------------------------------------------------------

def _corpus(work: Path, shared: Path) -> Path:
    """The repository's chronicle directory with every data set of `shared` imported (kept in work/corpus;
    the imports are made once, the repository's own parts are copied afresh on every run)."""
    from chronicle_kg.importing import import_data_set
    from chronicle_kg.project import PARTS, Project

    root = work / "corpus"
    complete = root / "imports" / "COMPLETE"
    if not complete.is_file():
        shutil.rmtree(root, ignore_errors=True)
    _copy_parts(root, PARTS)
    if not complete.is_file():
        for kind, folder in DATA_SETS:
            print(f"corpus: importing {folder}", file=sys.stderr)
            import_data_set(Project.find(root), kind, shared / folder, check=False)  # the build validates
        complete.write_text("every data set of ../shared/data imported\n", encoding="utf-8")
    return root


def _build_process(root: Path) -> dict:
    """`chronicle build` in its own process: wall-clock and CPU seconds, peak memory, exit status."""
    with tempfile.TemporaryFile() as log:
        started = time.monotonic()
        process = subprocess.Popen([sys.executable, "-m", "chronicle_kg", "--root", str(root), "build"],
                                   stdout=log, stderr=log)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - started
        log.seek(0)
        tail = log.read().decode("utf-8", "replace").strip().splitlines()[-1:]
    return {"wall_s": round(wall, 1), "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
            "peak_mb": round(usage.ru_maxrss / 1024, 1), "exit": os.waitstatus_to_exitcode(status),
            "last_line": tail[0] if tail else ""}


def measure_corpus(work: Path, shared: Path, repeat: int) -> dict:
    """The real corpus: `chronicle build` end to end, the canned queries, the HTTP server; raw Oxigraph on
    the same files as the baseline."""
    root = _corpus(work, shared)
    build = _build_process(root)
    arguments = json.dumps(CORPUS_ARGUMENTS)
    return {"build": build, "arguments": CORPUS_ARGUMENTS,
            "chronicle": _child("queries", root, "--repeat", str(repeat), "--arguments", arguments),
            "oxigraph": _child("oxigraph", root, "--repeat", str(repeat), "--arguments", arguments),
            "server": measure_server(root, CORPUS_ARGUMENTS, validate=True)}


# ---- one size ---------------------------------------------------------------------------------------------

def run_size(work: Path, size: str, seed: int, repeat: int, baseline_limit: int, previous_rdflib_s: float | None,
             previous_triples: int | None) -> dict:
    root, manifest = _graph(work, size, seed)
    print(f"{size}: {root}", file=sys.stderr)
    chronicle = _child("chronicle", root, "--repeat", str(repeat))
    oxigraph = _child("oxigraph", root, "--repeat", str(repeat))
    rdflib = _rdflib_baseline(root, chronicle.get("triples"), repeat, baseline_limit, previous_rdflib_s,
                              previous_triples)
    planted = sorted([p["focus"], p["shape"]] for p in manifest["planted"])
    found = sorted([r[1], r[3]] for r in chronicle.get("results", []) if r[0] == "Violation")
    entry = {
        "size": size, "triples": chronicle.get("triples"), "systems": manifest["systems"],
        "score_claims": manifest["score_claims"], "planted_violations": len(planted),
        "planted_found_exactly": found == planted, "chronicle": chronicle, "oxigraph": oxigraph, "rdflib": rdflib,
        "server": measure_server(root, SYNTHETIC_ARGUMENTS),
    }
    if "results" in rdflib:
        entry["same_results_as_plain_pyshacl"] = rdflib["results"] == chronicle.get("results")
    for run in (chronicle, rdflib):
        run.pop("results", None)
    return entry


def _rdflib_baseline(root: Path, triples: int | None, repeat: int, limit: int, previous_s: float | None,
                     previous_triples: int | None) -> dict:
    if limit < 10:
        return {"skipped": f"not run (--baseline-limit {limit} s)"}
    if previous_s is not None and triples and previous_triples:
        estimate = previous_s * triples / previous_triples  # at least linear; pySHACL is per focus node
        if estimate > limit:
            return {"skipped": f"plain pySHACL took {previous_s:.0f} s at {previous_triples} triples, so at least "
                               f"{estimate:.0f} s here (over the {limit} s limit of this run)"}
    return _child("rdflib", root, "--repeat", str(repeat), "--limit", str(limit), timeout=limit * 3)


# ---- the report ------------------------------------------------------------------------------------------

def _ratio(numerator: float | None, denominator: float | None) -> str:
    if not numerator or not denominator:
        return "-"
    ratio = numerator / denominator
    return f"{ratio:.1f}x" if ratio >= 0.95 else f"{ratio:.2g}x"


def _s(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def report_markdown(report: dict) -> str:
    lines = [
        "# Benchmark report",
        "",
        f"Generated by `python benchmarks/run.py --sizes {','.join(s['size'] for s in report['sizes'])}` "
        f"(last run {report['meta']['date']}; {report['meta']['machine']}). "
        "Synthetic graphs from `benchmarks/generate.py` "
        f"(seed {report['meta']['seed']}); every figure is measured in the same run, each in its own process. "
        "See docs/performance.md for what the figures mean and how cost grows.",
        "",
        "![time against size](time-vs-size.svg)",
        "",
        "## Build and validation (seconds)",
        "",
        "Wall-clock seconds on a shared machine; CPU seconds of the same step in brackets (what the step "
        "costs when it has a core to itself). Speedup: plain pySHACL's validation time over chronicle's.",
        "",
        "| size | triples | systems | parse | validate | dump | build | peak MB | plain pySHACL on rdflib | speedup | "
        "raw Oxigraph parse | same results as pySHACL | planted violations found |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in report["sizes"]:
        c, r, o = s["chronicle"], s["rdflib"], s["oxigraph"]
        cpu, base_cpu = c.get("cpu_s", {}), r.get("cpu_s", {})
        baseline = (f"{_s(r['validate_s'])} ({_s(base_cpu.get('validate'))})" if "validate_s" in r
                    else f"skipped: {r.get('skipped') or r.get('error')}")
        same = {True: "yes", False: "**no**"}.get(s.get("same_results_as_plain_pyshacl"), "-")
        lines.append(
            f"| {s['size']} | {s['triples']} | {s['systems']} | {_s(c.get('parse_s'))} ({_s(cpu.get('parse'))}) | "
            f"{_s(c.get('validate_s'))} ({_s(cpu.get('validate'))}) | {_s(c.get('dump_s'))} ({_s(cpu.get('dump'))}) | "
            f"{_s(c.get('build_s'))} | {c.get('peak_mb')} | {baseline} | "
            f"{_ratio(r.get('validate_s'), c.get('validate_s'))} | {_s(o.get('parse_s'))} | {same} | "
            f"{s['planted_violations']} {'(exactly)' if s['planted_found_exactly'] else '(**differs**)'} |")
    lines += ["", "Ratios against the baselines of the same run: parse and dump against raw Oxigraph, memory against "
              "rdflib + pySHACL.", "", "| size | parse / raw Oxigraph | dump / raw Oxigraph (chronicle writes Turtle, "
              "N-Triples and JSON-LD; Oxigraph N-Quads) | peak MB: chronicle / raw Oxigraph / rdflib + pySHACL |",
              "|---|---|---|---|"]
    for s in report["sizes"]:
        c, r, o = s["chronicle"], s["rdflib"], s["oxigraph"]
        lines.append(f"| {s['size']} | {_ratio(c.get('parse_s'), o.get('parse_s'))} | "
                     f"{_ratio(c.get('dump_s'), o.get('dump_s'))} | {c.get('peak_mb')} / {o.get('peak_mb')} / "
                     f"{r.get('peak_mb', '-')} |")
    lines += ["", "## Incremental validation (seconds)", "",
              "Data set synthetic-0 re-imported after one claim's value changed (`load.reload_data_set`, then "
              "`validate.validate_changed`); the first call also reads what each shape's rules read.", "",
              "| size | full validation | reload data set | re-validate (first call) | re-validate (later calls) | "
              "later call, CPU |",
              "|---|---|---|---|---|---|"]
    for s in report["sizes"]:
        c = s["chronicle"]
        inc = c.get("incremental", {})
        first, later = inc.get("first", {}), inc.get("second", {})
        lines.append(f"| {s['size']} | {_s(c.get('validate_s'))} | {_s(later.get('reload_s'))} | "
                     f"{_s(first.get('revalidate_s'))} | {_s(later.get('revalidate_s'))} | "
                     f"{_s(later.get('revalidate_cpu_s'))} |")
    names = sorted(report["sizes"][0]["chronicle"].get("queries_ms", {})) if report["sizes"] else []
    lines += ["", "## Canned queries (median milliseconds)", "",
              "Through the Python API (parameter checks, parameters bound inside sub-selects, typed rows); raw "
              "Oxigraph runs the text the API sends (parameters bound at the top and inside sub-selects) "
              "straight on pyoxigraph; rdflib's SPARQL engine the portable text (parameters bound at the top "
              "only, as remote stores get it) once, with a time limit "
              "(`-`: over it). Arguments: system n5, benchmark b0 (the benchmark with the most systems), "
              "milestone m0.", ""]
    for s in report["sizes"]:
        c, o, r = s["chronicle"], s["oxigraph"], s["rdflib"]
        lines += [f"### {s['size']} ({s['systems']} systems)", "",
                  "| query | chronicle | raw Oxigraph | ratio | rdflib | ratio |", "|---|---|---|---|---|---|"]
        for name in names:
            mine = c.get("queries_ms", {}).get(name)
            raw = o.get("queries_ms", {}).get(name)
            slow = r.get("queries_ms", {}).get(name) if "queries_ms" in r else None
            lines.append(f"| {name} | {mine} | {raw} | {_ratio(mine, raw)} | {slow if slow is not None else '-'} | "
                         f"{_ratio(slow, mine)} |")
        lines.append("")
    lines += ["## HTTP server (requests per second)", "",
              "`chronicle serve --port P` on the generated graph, started without validation (the graphs hold "
              "planted violations); 8 concurrent clients for 5 s, each request on a "
              "new connection (benchmarks/load.py), `Accept: application/json`: "
              "`GET /queries/scorecard?system=n5` and `GET /queries/leaderboard?benchmark=b0` again and again "
              "(answered from the server's cache after the first time), and the scorecard of every system in turn "
              "(each system at most once, so none comes from the cache; the run ends when every system was asked).", "",
              "| size | scorecard, one system | scorecard, every system in turn | leaderboard | start to first answer (s) |",
              "|---|---|---|---|---|"]
    for s in report["sizes"]:
        server = s["server"]
        if "skipped" in server or "error" in server:
            lines.append(f"| {s['size']} | {server.get('skipped') or server.get('error')} | | | |")
        else:
            every = server.get("scorecard_every_system", {}).get("requests_per_s", "-")
            lines.append(f"| {s['size']} | {server['scorecard']['requests_per_s']} | {every} | "
                         f"{server['leaderboard']['requests_per_s']} | {server.get('startup_s', '-')} |")
    lines += _corpus_markdown(report.get("corpus"))
    lines += ["", "## Targets", ""] + [f"- {line}" for line in _targets(report)] + [""]
    return "\n".join(lines)


def _corpus_markdown(corpus: dict | None) -> list[str]:
    if not corpus:
        return ["", "## The real corpus", "", "Not measured in this report: run `python benchmarks/run.py "
                "--corpus ../shared/data` (it imports every data set of ../shared/data into benchmarks/.work/).", ""]
    build, c, o, server = corpus["build"], corpus["chronicle"], corpus["oxigraph"], corpus["server"]
    lines = ["", "## The real corpus", "",
             f"The repository's data with every data set of ../shared/data imported ({c.get('triples')} triples; "
             f"measured {corpus['date']}). `chronicle build` runs end to end in its own process (parse, "
             "validate, derive the leaderboard ranks, write the three dumps); the baseline is raw Oxigraph "
             "parsing the same files and dumping N-Quads.", "",
             "| | chronicle | raw Oxigraph | ratio | target |", "|---|---|---|---|---|",
             f"| build, wall seconds | {build['wall_s']} (exit {build['exit']}) | {_s(o.get('parse_s', 0) + o.get('dump_s', 0))} "
             f"| {_ratio(build['wall_s'], o.get('parse_s', 0) + o.get('dump_s', 0))} | < {TARGETS['corpus_build_s']} |",
             f"| build, CPU seconds | {build['cpu_s']} | | | |",
             f"| build, peak MB | {build['peak_mb']} | {o.get('peak_mb')} | {_ratio(build['peak_mb'], o.get('peak_mb'))} "
             f"| < {TARGETS['corpus_build_mb']} |"]
    arguments = corpus["arguments"]
    for name, shown, target in (("scorecard", "scorecard", TARGETS["scorecard_ms"]),
                                ("leaderboard", "leaderboard, first 100 places (the default)", TARGETS["leaderboard_ms"]),
                                ("leaderboard top=0", "leaderboard, every place (top=0)", TARGETS["leaderboard_ms"])):
        mine, raw = c.get("queries_ms", {}).get(name), o.get("queries_ms", {}).get(name)
        lines.append(f"| {shown} ({arguments['system' if name == 'scorecard' else 'benchmark']}), median ms | {mine} | "
                     f"{raw} | {_ratio(mine, raw)} | < {target} |")
    if "skipped" in server or "error" in server:
        lines.append(f"| HTTP server | {server.get('skipped') or server.get('error')} | | | |")
    else:
        every = server.get("scorecard_every_system", {})
        lines += [f"| HTTP scorecard of {arguments['system']} again and again, requests/s (8 clients; cached after "
                  f"the first) | {server['scorecard']['requests_per_s']} | | | > {TARGETS['corpus_scorecard_per_s']} |",
                  f"| HTTP scorecard of every system in turn, requests/s (8 clients; none cached; "
                  f"{every.get('requests', '-')} requests) | {every.get('requests_per_s', '-')} | | | "
                  f"> {TARGETS['corpus_scorecard_per_s']} |",
                  f"| HTTP leaderboard, requests/s (8 clients) | {server['leaderboard']['requests_per_s']} | | | |",
                  f"| `chronicle serve` start (validate, store, dumps) to first answer, s | {server['startup_s']} | | | |"]
    lines += ["", "Every canned query on the corpus (median ms; arguments "
              + ", ".join(f"{k} {v}" for k, v in arguments.items()) + "):", "",
              "| query | chronicle | raw Oxigraph | ratio |", "|---|---|---|---|"]
    for name in sorted(c.get("queries_ms", {})):
        mine, raw = c["queries_ms"][name], o.get("queries_ms", {}).get(name)
        lines.append(f"| {name} | {mine} | {raw} | {_ratio(mine, raw)} |")
    return lines + [""]


def _targets(report: dict) -> list[str]:
    out = []
    for s in report["sizes"]:
        c, r = s["chronicle"], s["rdflib"]
        q = c.get("queries_ms", {})
        out.append(f"{s['size']}: scorecard {q.get('scorecard')} ms (target < {TARGETS['scorecard_ms']}), "
                   f"leaderboard {q.get('leaderboard')} ms for the first 100 places, the default (target < "
                   f"{TARGETS['leaderboard_ms']}), {q.get('leaderboard top=0')} ms for every place (benchmark b0, "
                   f"the most ranked of {s['systems']} systems)")
        if "validate_s" in r:
            out.append(f"{s['size']}: validation {_ratio(r['validate_s'], c.get('validate_s'))} faster than plain "
                       f"pySHACL on rdflib (target at 100k: {TARGETS['speedup_100k']}x)")
        if (c.get("triples") or 0) >= 900_000:
            out.append(f"{s['size']}: validation {_s(c.get('validate_s'))} s wall clock, "
                       f"{_s(c.get('cpu_s', {}).get('validate'))} s CPU (target < {TARGETS['validate_1m_s']} s)")
    corpus = report.get("corpus")
    if corpus:
        build, server = corpus["build"], corpus["server"]
        out.append(f"real corpus: `chronicle build` {build['wall_s']} s wall clock, {build['cpu_s']} s CPU, "
                   f"{build['peak_mb']} MB peak (target < {TARGETS['corpus_build_s']} s, < {TARGETS['corpus_build_mb']} MB)")
        if "scorecard" in server:
            every = server.get("scorecard_every_system", {}).get("requests_per_s", "-")
            out.append(f"real corpus: {server['scorecard']['requests_per_s']} scorecard requests/s over HTTP for one "
                       f"system (cached), {every} for every system in turn (uncached) "
                       f"(target > {TARGETS['corpus_scorecard_per_s']})")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10k,100k", help="comma-separated sizes: 10k,100k,1M,5M")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5, help="runs per query (the median is reported)")
    parser.add_argument("--baseline-limit", type=int, default=600,
                        help="seconds plain pySHACL on rdflib may take per size before it is skipped")
    parser.add_argument("--work", type=Path, default=HERE / ".work", help="where generated graphs are kept")
    parser.add_argument("--out", type=Path, default=HERE, help="where report.md, report.json and the plot go")
    parser.add_argument("--merge", action="store_true",
                        help="keep the other sizes of the existing report.json (a size measured again is replaced)")
    parser.add_argument("--corpus", type=Path, metavar="SHARED_DATA",
                        help="also measure the real corpus: every data set of this folder (../shared/data) imported")
    args = parser.parse_args()
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    for size in sizes:
        parse_size(size)
    args.work.mkdir(parents=True, exist_ok=True)
    entries, rdflib_s, rdflib_triples = [], None, None
    for size in sizes:
        entry = run_size(args.work, size, args.seed, args.repeat, args.baseline_limit, rdflib_s, rdflib_triples)
        if "validate_s" in entry["rdflib"]:
            rdflib_s, rdflib_triples = entry["rdflib"]["validate_s"], entry["triples"]
        elif rdflib_s is None:
            rdflib_s, rdflib_triples = float(args.baseline_limit), entry["triples"]
        entries.append(entry)
    corpus = None
    if args.corpus:
        corpus = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                  **measure_corpus(args.work, args.corpus.resolve(), args.repeat)}
    if args.merge and (args.out / "report.json").is_file():
        previous = json.loads((args.out / "report.json").read_text(encoding="utf-8"))
        entries = sorted([e for e in previous["sizes"] if e["size"] not in sizes] + entries,
                         key=lambda e: e["triples"] or 0)
        corpus = corpus or previous.get("corpus")
    import pyoxigraph
    import pyshacl
    import rdflib

    report = {"meta": {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "seed": args.seed,
        "machine": f"{os.cpu_count()} cores, Python {platform.python_version()}, pyoxigraph {pyoxigraph.__version__}, "
                   f"rdflib {rdflib.__version__}, pySHACL {pyshacl.__version__}",
    }, "targets": TARGETS, "sizes": entries, "corpus": corpus}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (args.out / "report.md").write_text(report_markdown(report), encoding="utf-8")
    (args.out / "time-vs-size.svg").write_text(time_vs_size_svg(report), encoding="utf-8")
    print(f"wrote {args.out / 'report.md'}", file=sys.stderr)


if __name__ == "__main__":
    main()
