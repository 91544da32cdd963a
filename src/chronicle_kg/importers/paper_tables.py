"""`chronicle import paper-tables FILE`: score tables of technical reports and model cards, transcribed
cell by cell (paper-score-tables/score_claims_transcribed.csv).

A row whose model belongs to the table's publisher (`reporter_relation` self) is a self-reported claim,
evaluated by that publisher (first party); a competitor's row (`third_party_compiled`) is a third-party
report whose evaluator the table does not name. Claims cite the publication (the title before the table's name, which goes to the claim's note), so
that two data sets transcribing one publication can be compared. The printed benchmark label carries the metric
("GPQA-Diamond (Pass@1)"): the part in brackets becomes the claim's metric variant. The setting column
becomes the shot count when it is one ("5-shot"), else stays the setting's wording ("OpenCompass
default"), so that it is never compared as if it were a shot count.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..tabular import Row, Table
from .context import (
    DataSetInfo, ImportContext, Importer, Score, Setting, one_data_set, parse_date, parse_decimal,
    parse_shots,
)

INFO = DataSetInfo(
    slug="paper-score-tables",
    title="Score tables from technical reports and model cards",
    description="One row per (model, benchmark, score) cell of the published results tables of the Qwen "
                "Technical Report, the QwenLM/Qwen README, the InternLM-7B and InternLM-20B model cards, the "
                "DeepSeek-V3 and DeepSeek-R1 READMEs and the openai/simple-evals README, transcribed without "
                "changing a value.",
    publisher="chronicle-kg",
    license="https://creativecommons.org/licenses/by/4.0/",
    attribution="Transcribed from the publishers' tables (Qwen Team, InternLM team, DeepSeek-AI, OpenAI); "
                "the numbers are facts of the cited publications",
    version="2026-11",
    issued="2026-11-29",
    url="https://github.com/QwenLM/Qwen",
)
COLUMNS = ["claim_id", "model", "params", "benchmark", "setting", "score", "unit", "source_title",
           "source_url", "source_date", "reporter", "reporter_relation"]
SOURCE_KINDS = (("model card", "model-card"), ("technical report", "technical-report"), ("readme", "repository"))
_METRIC = re.compile(r"^(?P<name>.*?)\s*\((?P<metric>[^()]*)\)$|^(?P<bare>.*?)\s+(?P<suffix>(?:pass|cons)@\d+)$",
                     re.IGNORECASE)


def run(path: Path, context: ImportContext) -> None:
    if path.is_dir():
        path = path / "score_claims_transcribed.csv"
    table = context.read(path, COLUMNS)
    for row in context.rows(table):
        _row(context, table, row)


def _row(context: ImportContext, table: Table, row: Row) -> None:
    where = table.where(row)
    value = parse_decimal(row.get("score"))
    if value is None:
        context.report.skip(where, f"score {row.get('score')!r} is not a number")
        return
    relation = row.get("reporter_relation")
    if relation not in ("self", "third_party_compiled"):
        context.report.skip(where, f"unknown reporter_relation {relation!r} (self or third_party_compiled)")
        return
    model = " ".join(part for part in (row.get("model"), row.get("params")) if part)
    reporter = context.org(row.get("reporter"))
    system = context.system(model, reporter if relation == "self" else None)
    name, metric = _benchmark_name(row.get("benchmark"))
    benchmark = context.benchmark(name)
    title, table_name = _publication(row.get("source_title"))
    kind = next((k for words, k in SOURCE_KINDS if words in title.lower()), "paper")
    source = context.source(title, row.get("source_url"), kind, "S1", reporter)
    setting_text = row.get("setting")
    shots = parse_shots(setting_text.replace("-shot", ""))
    self_reported = relation == "self"
    context.score(Score(
        system=system, benchmark=benchmark, value=value, source=source,
        status="self-reported" if self_reported else "third-party-report",
        tier="T1" if self_reported else "T2",
        setting=Setting(shots=shots, metric_variant=metric,
                        text=None if shots is not None or not setting_text else setting_text),
        measured=parse_date(row.get("source_date")),
        evaluator=reporter if self_reported else None,
        evaluator_relation="first-party" if self_reported else None,
        note="; ".join(part for part in (table_name, row.get("notes"), _run_by(row)) if part) or None,
    ), where)


def _publication(title: str) -> tuple[str, str]:
    """The publication a table belongs to, and the table: ("Qwen Technical Report", "table: Table 2") from
    "Qwen Technical Report (arXiv:2309.16609v1), Table 2", so that claims cite the publication."""
    publication, _, table = title.partition(", ")
    if publication.endswith(")"):  # drop the trailing bracket, nested brackets included
        depth = 0
        for index in range(len(publication) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(publication[index], 0)
            if depth == 0:
                table = ", ".join(part for part in (publication[index:], table) if part)
                publication = publication[:index].rstrip()
                break
    return publication, f"table: {table}" if table else ""


def _run_by(row: Row) -> str:
    return f"evaluation run by: {row.get('evaluation_run_by')}" if row.get("evaluation_run_by") else ""


def _benchmark_name(label: str) -> tuple[str, str | None]:
    """("GPQA-Diamond", "Pass@1") from "GPQA-Diamond (Pass@1)"; the label and None when it has no metric."""
    match = _METRIC.match(label)
    if not match:
        return label, None
    if match.group("name"):
        return match.group("name"), match.group("metric").strip()
    return match.group("bare"), match.group("suffix")


IMPORTER = Importer("paper-tables", one_data_set(INFO), run)
