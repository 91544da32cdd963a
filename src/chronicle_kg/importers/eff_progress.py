"""`chronicle import eff-progress FOLDER`: the Electronic Frontier Foundation's AI Progress Measurement
export (eff-ai-progress-metrics/progress.json, CC BY-SA 4.0).

Problems become problems (SKOS concepts), metrics benchmarks (lower is better on error-rate, perplexity
and entropy scales), and every dated measure a score claim citing its paper, as reported there
(self-reported by the paper's authors; withdrawn measures are skipped). For a metric with a human-level
target, the first measure by date that reaches it (below the target on a lower-is-better scale, above
otherwise) becomes a milestone with that paper as its source and the measure's date.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from ..errors import ImportInputError
from ..iris import CK, ID, entity_iri, slugify
from ..tabular import read_text
from ..turtle import RDF_TYPE, Literal
from .context import DataSetInfo, ImportContext, Importer, Score, Setting, one_data_set, parse_date, vocab

INFO = DataSetInfo(
    slug="eff-ai-progress-metrics",
    title="EFF AI Progress Measurement",
    description="The Electronic Frontier Foundation's hand-curated record of published AI results per "
                "problem and metric, 1984-2019, with human-level targets (AI-metrics/AI-metrics, export-api "
                "v01).",
    publisher="electronic-frontier-foundation",
    license="https://creativecommons.org/licenses/by-sa/4.0/",
    attribution="Electronic Frontier Foundation and contributors, AI Progress Measurement, CC BY-SA 4.0",
    version="ef900c1c33ab6ad388a2e8a188e4c13c1abf5b8a",
    issued="2020-09-25",
    url="https://www.eff.org/ai/metrics",
)
LOWER_IS_BETTER = ("error", "perplexity", "entropy")
SKOS = "http://www.w3.org/2004/02/skos/core#"


def run(path: Path, context: ImportContext) -> None:
    file = path / "progress.json" if path.is_dir() else path
    try:
        problems = json.loads(read_text(file, str(file)))["problems"]
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise ImportInputError(f"{file}: not an AI Progress Measurement export ({type(error).__name__}: "
                               f"{error}): expected {{\"problems\": [...]}}") from None
    for problem in sorted(problems, key=lambda p: p["name"]):
        concept = _problem(context, problem)
        for metric in problem.get("metrics", []):
            _metric(context, metric, concept, file)


def _problem(context: ImportContext, problem: dict) -> str:
    slug = slugify(problem["name"])
    iri = entity_iri("problem", slug)
    for predicate, obj in ((RDF_TYPE, CK + "Problem"), (SKOS + "inScheme", ID + "problem"),
                           (SKOS + "notation", Literal(slug)), (SKOS + "prefLabel", Literal(problem["name"]))):
        context.triples.add(iri, predicate, obj)
    return iri


def _metric(context: ImportContext, metric: dict, problem: str, file: Path) -> None:
    benchmark = context.benchmark(metric["name"])
    lower = any(word in (metric.get("scale") or "").lower() for word in LOWER_IS_BETTER)
    context.benchmark_facts(benchmark, metric=metric.get("scale") or "score", higher_is_better=not lower,
                            problem=problem)
    first = None
    for index, measure in enumerate(metric.get("measures", [])):
        context.report.rows_read += 1
        where = f"{file}: metric {metric['name']!r}, measure {index + 1}"
        score = _measure(context, measure, benchmark, where)
        target = metric.get("target")
        if score is None or target is None or measure.get("not_directly_comparable"):
            continue
        reached = score.value <= Decimal(str(target)) if lower else score.value >= Decimal(str(target))
        if reached and (first is None or (score.measured, score.system) < (first.measured, first.system)):
            first = score
    if first is not None:
        _milestone(context, metric, first, problem)


def _measure(context: ImportContext, measure: dict, benchmark: str, where: str) -> Score | None:
    if measure.get("withdrawn"):
        context.report.skip(where, "withdrawn by its authors")
        return None
    measured = parse_date(str(measure.get("date") or ""))
    value = measure.get("value")
    name = (measure.get("name") or measure.get("label") or "").strip()
    if measured is None or not isinstance(value, (int, float)) or not name:
        context.report.skip(where, f"no date, value or system name (date {measure.get('date')!r}, "
                                   f"value {value!r}, name {name!r})")
        return None
    title = (measure.get("papername") or measure.get("src_name") or measure.get("url") or "").strip()
    if not title:
        context.report.skip(where, "no source (paper name or URL)")
        return None
    url = measure.get("url") or ""
    source = context.source(title, url, "paper" if "arxiv.org" in url else "web-page", "S1")
    replicated = measure.get("replicated_url") or ""
    score = Score(
        system=context.system(name), benchmark=benchmark, value=Decimal(str(value)), source=source,
        status="self-reported", tier="T3", measured=measured,
        setting=Setting(text="not directly comparable (non-standard protocol)"
                        if measure.get("not_directly_comparable") else None),
        note=f"replicated: {replicated}" if replicated else None,
    )
    context.score(score, where)
    return score


def _milestone(context: ImportContext, metric: dict, score: Score, problem: str) -> None:
    slug = slugify(f"{metric['name']} human level")
    iri, event = entity_iri("milestone", slug), f"{ID}event/{slug}--{score.measured}"
    label = metric.get("target_label") or "human-level target"
    what = (f"{score.system.rsplit('/', 1)[-1]} scored {score.value} on {metric['name']} "
            f"({metric.get('scale')}), reaching the {label} of {metric['target']}.")
    add = context.triples.add
    for predicate, obj in (
            (RDF_TYPE, CK + "Milestone"), (CK + "title", Literal(f"{metric['name']}: {label} reached")),
            (CK + "date", Literal.date(score.measured)), (CK + "whatHappened", Literal(what)),
            (CK + "whyItMatters", Literal(f"The first result in the EFF record to reach the {label} on this "
                                          "metric.")),
            (CK + "significance", vocab("significance", "H3")),
            (CK + "significanceRationale", Literal("A benchmark reaching its human-level target, as recorded "
                                                   "by the EFF; not reviewed further by chronicle-kg.")),
            (CK + "verificationStatus", vocab("verification-status", "paper-released")),
            (CK + "evidenceLevel", vocab("evidence-level", "E2")),
            (CK + "aiRole", vocab("ai-role", "computation-only")),
            (CK + "formalAssurance", vocab("formal-assurance", "none")),
            (CK + "noveltyKind", vocab("novelty-kind", "benchmark-result")),
            (CK + "lastReviewed", Literal.date(INFO.issued)), (CK + "involvesSystem", score.system),
            (CK + "addressesProblem", problem), (CK + "citesSource", score.source),
            (CK + "verificationEvent", event)):
        add(iri, predicate, obj)
    for predicate, obj in (
            (RDF_TYPE, CK + "VerificationEvent"), (CK + "date", Literal.date(score.measured)),
            (CK + "verificationStatus", vocab("verification-status", "paper-released")),
            (CK + "evidenceLevel", vocab("evidence-level", "E2")), (CK + "citesSource", score.source),
            (CK + "note", Literal("Recorded by the EFF AI Progress Measurement from the cited paper."))):
        add(event, predicate, obj)
    context.report.counts["milestones"] += 1


IMPORTER = Importer("eff-progress", one_data_set(INFO), run)
