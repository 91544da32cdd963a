"""`chronicle import csv MAPPING.toml`: any score table, described by a mapping file, so that a new
leaderboard can be imported without code. The mapping's format is documented in docs/import-mapping.md;
every key is checked, and an unknown or missing one is reported with the mapping file's name.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

from ..errors import ImportInputError
from ..iris import check_slug
from ..tabular import read_text
from .context import DataSetInfo, ImportContext, Importer, Score, Setting, parse_date, parse_decimal

SECTIONS = {
    "dataset": ({"slug", "title", "description", "publisher", "attribution", "version", "issued", "url"},
                {"license"}),
    "file": ({"path"}, set()),
    "source": ({"title", "kind", "tier"}, {"url"}),
    "columns": ({"system"}, {"developer", "date"}),
    "claims": ({"status", "tier"}, {"evaluator"}),
}
SCORE_KEYS = ({"column", "benchmark"}, {"shots", "metric_variant", "setting", "multiply_by", "scale_max"})
STATUSES = ("independently-reproduced", "reproducible-from-logs", "third-party-report", "self-reported",
            "unverified", "disputed")
TIERS = ("T1", "T2", "T3")


def mapping(path: Path) -> dict:
    """The mapping file, read and checked: every section and key known, every required key present."""
    try:
        document = tomllib.loads(read_text(path, str(path)))
    except tomllib.TOMLDecodeError as error:
        raise ImportInputError(f"{path}: not a TOML mapping file ({error})") from None
    unknown = sorted(set(document) - set(SECTIONS) - {"scores"})
    if unknown:
        raise ImportInputError(f"{path}: unknown section(s) {', '.join(unknown)}: use "
                               f"{', '.join([*SECTIONS, 'scores'])} (see docs/import-mapping.md)")
    for section, (required, optional) in SECTIONS.items():
        _check_keys(path, section, document.get(section), required, optional)
    scores = document.get("scores")
    if not isinstance(scores, list) or not scores:
        raise ImportInputError(f"{path}: no [[scores]]: map at least one score column to a benchmark")
    for index, score in enumerate(scores, 1):
        _check_keys(path, f"scores #{index}", score, *SCORE_KEYS)
    check_slug(document["dataset"]["slug"])
    claims = document["claims"]
    if claims["status"] not in STATUSES or claims["tier"] not in TIERS:
        raise ImportInputError(f"{path}: [claims] status must be one of {', '.join(STATUSES)} and tier one of "
                               f"{', '.join(TIERS)}, not {claims['status']!r} and {claims['tier']!r}")
    return document


def describe(path: Path) -> tuple[Path, DataSetInfo]:
    dataset = dict(mapping(path)["dataset"])
    dataset["publisher"] = check_slug(dataset["publisher"])
    return path, DataSetInfo(license=dataset.pop("license", None), **dataset)


def run(path: Path, context: ImportContext) -> None:
    document = mapping(path)
    columns, claims, cited = document["columns"], document["claims"], document["source"]
    table = context.read(path.parent / document["file"]["path"],
                         [columns["system"], *[s["column"] for s in document["scores"]]])
    source = context.source(cited["title"], cited.get("url"), cited["kind"], cited["tier"])
    evaluator = context.org(claims["evaluator"]) if claims.get("evaluator") else None
    for row in table.rows:
        where = table.where(row)
        name = row.get(columns["system"])
        if not name:
            context.report.skip(where, f"no system name in column {columns['system']!r}")
            continue
        developer = context.org(row.get(columns["developer"])) if row.get(columns.get("developer", "")) else None
        system = context.system(name, developer)
        measured = parse_date(row.get(columns["date"])) if "date" in columns else None
        for score in document["scores"]:
            value = parse_decimal(row.get(score["column"]))
            if value is None:
                context.report.skip(where, f"no number in column {score['column']!r}")
                continue
            value *= Decimal(str(score.get("multiply_by", 1)))
            if "scale_max" in score and not Decimal(0) <= value <= Decimal(str(score["scale_max"])):
                context.report.skip(where, f"{score['column']} {value} lies outside 0-{score['scale_max']}")
                continue
            first_party = evaluator is not None and evaluator in context.developers(system)
            context.score(Score(
                system=system, benchmark=context.benchmark(score["benchmark"]), value=value, source=source,
                status=claims["status"], tier=claims["tier"], measured=measured, evaluator=evaluator,
                evaluator_relation=None if evaluator is None else ("first-party" if first_party else "third-party"),
                setting=Setting(shots=score.get("shots"), metric_variant=score.get("metric_variant"),
                                text=score.get("setting")),
            ), where)


def _check_keys(path: Path, section: str, table: object, required: set[str], optional: set[str]) -> None:
    if not isinstance(table, dict):
        raise ImportInputError(f"{path}: missing section [{section}] (see docs/import-mapping.md)")
    unknown, missing = sorted(set(table) - required - optional), sorted(required - set(table))
    if unknown:
        raise ImportInputError(f"{path}: [{section}] has unknown key(s) {', '.join(unknown)}: use "
                               f"{', '.join(sorted(required | optional))}")
    if missing:
        raise ImportInputError(f"{path}: [{section}] lacks {', '.join(missing)}")


IMPORTER = Importer("csv", describe, run)
