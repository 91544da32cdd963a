"""`chronicle import epoch-hub FOLDER`: Epoch AI's Benchmarking Hub export (one CSV per benchmark).

Epoch-run files (with `Logs` links) become third-party measurements by Epoch AI with their log link and
run date. External files (`*_external.csv`, `swe_bench_bash.csv`) become claims citing the source Epoch
transcribed them from; their evidence status follows from who published that source
(data/import/source-publishers.csv): the system's developer (self-reported, first party), another party
(third-party report), or nobody known (unverified). Which column holds each file's headline score, and
on which benchmark and scale, is the curated table data/import/epoch-hub-benchmarks.csv; files it does
not list (Elo ratings, time horizons, the capabilities index) are reported as skipped.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from ..errors import ImportInputError
from ..iris import entity_iri
from ..tabular import Row, Table
from ..turtle import Literal
from .context import (DataSetInfo, ImportContext, Importer, Score, Setting, checked_url, one_data_set,
                      parse_date, parse_decimal, parse_shots)

INFO = DataSetInfo(
    slug="epoch-benchmarking-hub",
    title="Epoch AI Benchmarking Hub",
    description="Epoch AI's public bulk export of its Benchmarking Hub (benchmark_data.zip, April 2026): "
                "evaluations Epoch ran itself with published logs, and scores Epoch transcribed from papers, "
                "model cards and leaderboards.",
    publisher="epoch-ai",
    license="https://creativecommons.org/licenses/by/4.0/",
    attribution="Epoch AI, 'AI Benchmarking Hub', https://epoch.ai/benchmarks, CC BY 4.0",
    version="2026-04",
    issued="2026-04-19",
    url="https://epoch.ai/benchmarks",
)
HUB_SOURCE = entity_iri("source", "epoch-benchmarking-hub")
EPOCH = entity_iri("org", "epoch-ai")
RUN_DATE_COLUMNS = ("Started at", "Date of evaluation", "Evaluation date", "Run date", "Date run", "Date",
                    "Date added", "Last updated")


def run(path: Path, context: ImportContext) -> None:
    if not path.is_dir():
        raise ImportInputError(f"{path}: an epoch-hub import reads the export's folder (the one holding "
                               "gpqa_diamond.csv and the *_external.csv files), not a single file")
    mapping = context.table("epoch-hub-benchmarks.csv", ["file", "score_column", "benchmark", "unit"])
    publishers = {row.get("title"): row for row in
                  context.table("source-publishers.csv", ["title", "publisher", "kind", "tier"]).rows}
    files = sorted(p for p in path.glob("*.csv"))
    listed = {row.get("file") for row in mapping.rows}
    if not listed & {p.name for p in files}:
        raise ImportInputError(f"{path}: none of the Benchmarking Hub's files (such as gpqa_diamond.csv) is "
                               "here: is this the epoch-benchmarking-hub folder?")
    for file in files:
        columns = [row for row in mapping.rows if row.get("file") == file.name]
        if not columns:
            context.report.skip(str(file), "not a benchmark score on a bounded scale (Elo, hours, the "
                                           "capabilities index): not imported")
            continue
        context.progress(f"reading {file.name}")
        table = context.read(file, ["Model version", *(c.get("score_column") for c in columns)])
        for column in columns:
            for row in table.rows:
                _row(context, table, row, column, publishers)


def _row(context: ImportContext, table: Table, row: Row, column: Row, publishers: dict[str, Row]) -> None:
    where = table.where(row)
    name = row.get("Model version") or row.get("Name")
    if not name:
        context.report.skip(where, "no model name (Model version and Name are empty)")
        return
    raw = row.get(column.get("score_column"))
    if not raw:
        context.report.skip(where, f"no score in column {column.get('score_column')!r}")
        return
    value = parse_decimal(raw)
    if value is None:
        context.report.skip(where, f"score {raw!r} is not a number")
        return
    if column.get("unit") == "fraction":
        value *= 100
    if not Decimal(0) <= value <= Decimal(100):
        context.report.skip(where, f"score {raw!r} lies outside the benchmark's scale 0-100")
        return
    organizations = [o.strip() for o in row.get("Organization").split(",") if o.strip()]
    developer = context.org(organizations[0]) if organizations else None
    system = context.system(name, developer)
    benchmark = entity_iri("benchmark", column.get("benchmark"))
    released = parse_date(row.get("Release date"))
    if released:
        context.attribute(system, "releaseDate", Literal.date(released), HUB_SOURCE, where)
    measured = next((parse_date(row.get(c)) for c in RUN_DATE_COLUMNS if parse_date(row.get(c))), None)
    if "Logs" in table.columns:
        stderr = parse_decimal(row.get("stderr"))
        context.score(Score(
            system=system, benchmark=benchmark, value=value, source=HUB_SOURCE,
            status="third-party-report", tier="T1", measured=measured, evaluator=EPOCH,
            evaluator_relation="third-party", stderr=None if stderr is None else abs(stderr) * 100,
            log=checked_url(row.get("Logs")) or checked_url(row.get("Log viewer")),
        ), where)
        return
    source, status, evaluator, relation = _cited(context, row, system, publishers)
    shots_text = row.get("Shots")
    shots = parse_shots(shots_text)
    context.score(Score(
        system=system, benchmark=benchmark, value=value, source=source, status=status, tier="T2",
        setting=Setting(shots=shots, text=shots_text if shots is None and shots_text else None),
        measured=measured, evaluator=evaluator, evaluator_relation=relation, note=row.get("Notes") or None,
    ), where)


def _cited(context: ImportContext, row: Row, system: str,
           publishers: dict[str, Row]) -> tuple[str, str, str | None, str | None]:
    """(source, evidence status, evaluator, evaluator relation) of an external row."""
    title = row.get("Source")
    if not title:
        return HUB_SOURCE, "unverified", None, None
    known = publishers.get(title)
    url = row.get("Source link") or row.get("Source Link")
    if known is None:
        kind = "paper" if "arxiv.org" in url else "web-page"
        return context.source(title, url, kind, "S2"), "unverified", None, None
    publisher = context.org(known.get("publisher"))
    source = context.source(title, url, known.get("kind"), known.get("tier"), publisher)
    if publisher in context.developers(system):
        return source, "self-reported", publisher, "first-party"
    if known.get("kind") == "leaderboard":
        return source, "third-party-report", publisher, "third-party"
    return source, "third-party-report", None, None
IMPORTER = Importer("epoch-hub", one_data_set(INFO), run)
