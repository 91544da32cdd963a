"""Canned queries (queries/*.rq): the seed records' figures, exactly, through the Python API and the CLI;
ranking, leads, suite gaps, filters and fact checks on a copy of the repository with extra data sets; bad
input; and the catalogue's own rules (title, prefixes, ORDER BY, listed in the README).
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
import shlex
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from chronicle_kg import Chronicle
from chronicle_kg.catalogue import read_query

REPO = Path(__file__).resolve().parents[1]
QUERY_FILES = sorted((REPO / "queries").glob("*.rq"))
ID = "https://w3id.org/chronicle-kg/id/"
VOCAB = "https://w3id.org/chronicle-kg/vocab/"

# Two extra data sets for the copy: a second and a third system, a lower-is-better benchmark, a benchmark
# suite, an independently reproduced claim, a superseded claim, a tie, facts that are cross-checked and
# in conflict, and two more milestones (one with a correction, events stated out of date order).
EXTRA_TTL = """\
@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .
@prefix artifact: <https://w3id.org/chronicle-kg/id/artifact/> .
@prefix benchmark: <https://w3id.org/chronicle-kg/id/benchmark/> .
@prefix claim: <https://w3id.org/chronicle-kg/id/claim/> .
@prefix claim-tier: <https://w3id.org/chronicle-kg/vocab/claim-tier/> .
@prefix correction: <https://w3id.org/chronicle-kg/id/correction/> .
@prefix dataset: <https://w3id.org/chronicle-kg/id/dataset/> .
@prefix evaluation-regime: <https://w3id.org/chronicle-kg/vocab/evaluation-regime/> .
@prefix evaluator-relation: <https://w3id.org/chronicle-kg/vocab/evaluator-relation/> .
@prefix event: <https://w3id.org/chronicle-kg/id/event/> .
@prefix evidence-level: <https://w3id.org/chronicle-kg/vocab/evidence-level/> .
@prefix evidence-status: <https://w3id.org/chronicle-kg/vocab/evidence-status/> .
@prefix ai-role: <https://w3id.org/chronicle-kg/vocab/ai-role/> .
@prefix formal-assurance: <https://w3id.org/chronicle-kg/vocab/formal-assurance/> .
@prefix interface: <https://w3id.org/chronicle-kg/vocab/interface/> .
@prefix milestone: <https://w3id.org/chronicle-kg/id/milestone/> .
@prefix novelty-kind: <https://w3id.org/chronicle-kg/vocab/novelty-kind/> .
@prefix org: <https://w3id.org/chronicle-kg/id/org/> .
@prefix problem: <https://w3id.org/chronicle-kg/id/problem/> .
@prefix significance: <https://w3id.org/chronicle-kg/vocab/significance/> .
@prefix source: <https://w3id.org/chronicle-kg/id/source/> .
@prefix source-kind: <https://w3id.org/chronicle-kg/vocab/source-kind/> .
@prefix source-tier: <https://w3id.org/chronicle-kg/vocab/source-tier/> .
@prefix system: <https://w3id.org/chronicle-kg/id/system/> .
@prefix verification-status: <https://w3id.org/chronicle-kg/vocab/verification-status/> .
@prefix id: <https://w3id.org/chronicle-kg/id/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

org:test-lab a ck:Organization ; rdfs:label "Test Lab" .
org:test-reproducer a ck:Organization ; rdfs:label "Test Reproducer" .

system:test-model a ck:System ; rdfs:label "test-model" ; ck:developedBy org:test-lab .
system:test-small a ck:System ; rdfs:label "test-small" ; ck:developedBy org:test-lab .

benchmark:test-perplexity a ck:Benchmark ;
    rdfs:label "Test Perplexity" ;
    ck:metric "perplexity" ;
    ck:scaleMin "0"^^xsd:decimal ;
    ck:scaleMax "1000"^^xsd:decimal ;
    ck:higherIsBetter false .

benchmark:test-harness a ck:BenchmarkSuite ;
    rdfs:label "Test Harness" ;
    ck:metric "average accuracy (%)" ;
    ck:scaleMin "0"^^xsd:decimal ;
    ck:scaleMax "100"^^xsd:decimal ;
    ck:higherIsBetter true ;
    ck:includesBenchmark benchmark:arc-ai2, benchmark:hellaswag, benchmark:lambada .

problem:competition-algebra a ck:Problem ;
    skos:inScheme id:problem ;
    skos:notation "competition-algebra" ;
    skos:prefLabel "Competition algebra" ;
    skos:definition "Algebra problems of mathematics competitions." ;
    skos:broader problem:math-benchmark .

source:test-report a ck:Source ;
    ck:title "Test Lab technical report" ;
    ck:url <https://example.org/test-report> ;
    ck:sourceKind source-kind:technical-report ;
    ck:sourceTier source-tier:S1 ;
    ck:publisher org:test-lab ;
    ck:issued "2024-05-01"^^xsd:date ;
    ck:accessed "2026-09-10"^^xsd:date .

source:test-reproduction a ck:Source ;
    ck:title "A reproduction of test-model" ;
    ck:url <https://example.org/test-reproduction> ;
    ck:sourceKind source-kind:paper ;
    ck:sourceTier source-tier:S2 ;
    ck:publisher org:test-reproducer ;
    ck:issued "2024-08-01"^^xsd:date ;
    ck:accessed "2026-09-10"^^xsd:date .

dataset:test-extra a ck:DataSet ;
    ck:title "test_extra" ;
    ck:publisher org:chronicle-kg ;
    ck:issued "2026-11-29"^^xsd:date .

claim:test-model--arc-ai2--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:test-model ; ck:benchmark benchmark:arc-ai2 ; ck:value 80.1 ;
    ck:evidenceStatus evidence-status:self-reported ; ck:evaluationRegime evaluation-regime:standard ;
    ck:claimTier claim-tier:T1 ; ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:test-model--hellaswag--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:test-model ; ck:benchmark benchmark:hellaswag ; ck:value 70.8 ;
    ck:evidenceStatus evidence-status:self-reported ; ck:claimTier claim-tier:T1 ;
    ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:test-model--lambada--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:test-model ; ck:benchmark benchmark:lambada ; ck:value 90.0 ;
    ck:evidenceStatus evidence-status:self-reported ; ck:claimTier claim-tier:T1 ;
    ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra ;
    ck:supersededBy claim:test-model--lambada--test-reproduction--test-extra ;
    ck:hasCorrection correction:test-model--lambada--2024-08-01 .

correction:test-model--lambada--2024-08-01 a ck:Correction ;
    ck:date "2024-08-01"^^xsd:date ;
    ck:whatChanged "LAMBADA 90.0 replaced by the reproduced 65.0." ;
    ck:reason "The reproduction could not reach the reported value." ;
    ck:correctedBy org:chronicle-kg .

claim:test-model--lambada--test-reproduction--test-extra a ck:ScoreClaim ;
    ck:system system:test-model ; ck:benchmark benchmark:lambada ; ck:value 65.0 ;
    ck:evidenceStatus evidence-status:independently-reproduced ; ck:reproducedBy org:test-reproducer ;
    ck:evaluator org:test-reproducer ; ck:evaluatorRelation evaluator-relation:third-party ;
    ck:claimTier claim-tier:T1 ; ck:measuredDate "2024-08-01"^^xsd:date ;
    ck:citesSource source:test-reproduction ; ck:fromDataSet dataset:test-extra .

claim:test-model--test-perplexity--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:test-model ; ck:benchmark benchmark:test-perplexity ; ck:value 10.0 ;
    ck:evidenceStatus evidence-status:self-reported ; ck:claimTier claim-tier:T1 ;
    ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:internlm-20b--test-perplexity--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:internlm-20b ; ck:benchmark benchmark:test-perplexity ; ck:value 12.5 ;
    ck:evidenceStatus evidence-status:third-party-report ;
    ck:evaluator org:test-lab ; ck:evaluatorRelation evaluator-relation:third-party ;
    ck:claimTier claim-tier:T1 ; ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:test-model--test-harness--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:test-model ; ck:benchmark benchmark:test-harness ; ck:value 75.0 ;
    ck:evidenceStatus evidence-status:self-reported ; ck:claimTier claim-tier:T1 ;
    ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:internlm-20b--test-harness--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:internlm-20b ; ck:benchmark benchmark:test-harness ; ck:value 50.73 ;
    ck:evidenceStatus evidence-status:self-reported ; ck:claimTier claim-tier:T1 ;
    ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:test-small--hellaswag--test-report--test-extra a ck:ScoreClaim ;
    ck:system system:test-small ; ck:benchmark benchmark:hellaswag ; ck:value 50.0 ;
    ck:evidenceStatus evidence-status:unverified ; ck:claimTier claim-tier:T1 ;
    ck:measuredDate "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:test-model--release-date--test-extra a ck:AttributeClaim ;
    ck:subject system:test-model ; ck:attribute ck:releaseDate ; ck:attributeValue "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:test-model--parameter-count--test-extra a ck:AttributeClaim ;
    ck:subject system:test-model ; ck:attribute ck:parameterCount ; ck:attributeValue "150000000000"^^xsd:decimal ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

claim:test-small--parameter-count--test-extra a ck:AttributeClaim ;
    ck:subject system:test-small ; ck:attribute ck:parameterCount ; ck:attributeValue "7000000000"^^xsd:decimal ;
    ck:citesSource source:test-report ; ck:fromDataSet dataset:test-extra .

milestone:test-note a ck:Milestone ;
    ck:title "Test note on competition algebra" ;
    ck:date "2023-01-15"^^xsd:date ;
    ck:summary "A small test result." ;
    ck:significance significance:H3 ;
    ck:verificationStatus verification-status:announced ;
    ck:evidenceLevel evidence-level:E1 ;
    ck:lastReviewed "2026-09-11"^^xsd:date ;
    ck:involvesSystem system:test-small ;
    ck:addressesProblem problem:math-benchmark ;
    ck:relatedMilestone milestone:test-prover ;
    ck:citesSource source:test-report ;
    ck:verificationEvent event:test-note--2023-01-15 .

event:test-note--2023-01-15 a ck:VerificationEvent ;
    ck:date "2023-01-15"^^xsd:date ;
    ck:verificationStatus verification-status:announced ;
    ck:evidenceLevel evidence-level:E1 ;
    ck:citesSource source:test-report .

milestone:test-prover a ck:Milestone ;
    ck:title "Test prover closes miniF2F" ;
    ck:date "2025-03-01"^^xsd:date ;
    ck:summary "A test prover." ;
    ck:significance significance:H1 ;
    ck:significanceRationale "A test rationale." ;
    ck:verificationStatus verification-status:independently-reproduced ;
    ck:evidenceLevel evidence-level:E4 ;
    ck:aiRole ai-role:autonomous ;
    ck:formalAssurance formal-assurance:machine-checked ;
    ck:noveltyKind novelty-kind:new-method ;
    ck:interface interface:hybrid, interface:formal ;
    ck:lastReviewed "2026-09-11"^^xsd:date ;
    ck:involvesSystem system:test-model ;
    ck:involvesOrganization org:test-lab ;
    ck:addressesProblem problem:minif2f, problem:competition-algebra ;
    ck:earlierDevelopment milestone:internlm-math ;
    ck:citesSource source:test-report, source:test-reproduction ;
    ck:artifact artifact:test-prover-code ;
    ck:verificationEvent event:test-prover--2025-06-01, event:test-prover--2025-03-01 ;
    ck:hasCorrection correction:test-prover--2025-04-01 .

event:test-prover--2025-06-01 a ck:VerificationEvent ;
    ck:date "2025-06-01"^^xsd:date ;
    ck:verificationStatus verification-status:independently-reproduced ;
    ck:evidenceLevel evidence-level:E4 ;
    ck:note "Reproduced." ;
    ck:citesSource source:test-reproduction .

event:test-prover--2025-03-01 a ck:VerificationEvent ;
    ck:date "2025-03-01"^^xsd:date ;
    ck:verificationStatus verification-status:paper-released ;
    ck:evidenceLevel evidence-level:E2 ;
    ck:note "Reported." ;
    ck:citesSource source:test-report .

correction:test-prover--2025-04-01 a ck:Correction ;
    ck:date "2025-04-01"^^xsd:date ;
    ck:whatChanged "Date corrected from 2025-02-28 to 2025-03-01." ;
    ck:reason "The report was published on 2025-03-01." ;
    ck:correctedBy org:chronicle-kg .

artifact:test-prover-code a ck:Artifact ;
    ck:title "Test prover code" ;
    ck:url <https://example.org/test-prover-code> ;
    ck:sourceKind source-kind:code ;
    ck:publisher org:test-lab ;
    ck:accessed "2026-09-11"^^xsd:date .
"""

EXTRA_2_TTL = """\
@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .
@prefix benchmark: <https://w3id.org/chronicle-kg/id/benchmark/> .
@prefix claim: <https://w3id.org/chronicle-kg/id/claim/> .
@prefix claim-tier: <https://w3id.org/chronicle-kg/vocab/claim-tier/> .
@prefix dataset: <https://w3id.org/chronicle-kg/id/dataset/> .
@prefix evaluator-relation: <https://w3id.org/chronicle-kg/vocab/evaluator-relation/> .
@prefix evidence-status: <https://w3id.org/chronicle-kg/vocab/evidence-status/> .
@prefix org: <https://w3id.org/chronicle-kg/id/org/> .
@prefix source: <https://w3id.org/chronicle-kg/id/source/> .
@prefix system: <https://w3id.org/chronicle-kg/id/system/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

dataset:test-extra-2 a ck:DataSet ;
    ck:title "test_extra_2" ;
    ck:publisher org:chronicle-kg ;
    ck:issued "2026-11-29"^^xsd:date .

claim:internlm-20b--arc-ai2--test-reproduction--test-extra-2 a ck:ScoreClaim ;
    ck:system system:internlm-20b ; ck:benchmark benchmark:arc-ai2 ; ck:value 74.0 ;
    ck:evidenceStatus evidence-status:third-party-report ;
    ck:evaluator org:test-reproducer ; ck:evaluatorRelation evaluator-relation:third-party ;
    ck:claimTier claim-tier:T1 ; ck:measuredDate "2024-08-01"^^xsd:date ;
    ck:citesSource source:test-reproduction ; ck:fromDataSet dataset:test-extra-2 .

claim:internlm-20b--release-date--test-extra-2 a ck:AttributeClaim ;
    ck:subject system:internlm-20b ; ck:attribute ck:releaseDate ; ck:attributeValue "2023-09-18"^^xsd:date ;
    ck:citesSource source:test-reproduction ; ck:fromDataSet dataset:test-extra-2 .

claim:test-model--release-date--test-extra-2 a ck:AttributeClaim ;
    ck:subject system:test-model ; ck:attribute ck:releaseDate ; ck:attributeValue "2024-05-01"^^xsd:date ;
    ck:citesSource source:test-reproduction ; ck:fromDataSet dataset:test-extra-2 .

claim:test-model--parameter-count--test-extra-2 a ck:AttributeClaim ;
    ck:subject system:test-model ; ck:attribute ck:parameterCount ; ck:attributeValue "140000000000"^^xsd:decimal ;
    ck:citesSource source:test-reproduction ; ck:fromDataSet dataset:test-extra-2 .
"""

# A query with a string parameter, for checking that a value never becomes query text.
LABEL_LOOKUP_RQ = """\
# Test label lookup
#
# @param text string required  A label.
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>

SELECT ?entity ?text ?length WHERE {
  ?entity rdfs:label ?text .
  BIND (STRLEN(?text) AS ?length)
}
ORDER BY ?entity
"""

ECHO_RQ = """\
# Test echo
#
# @param text string required  Any text.
SELECT ?text ?length WHERE {
  BIND (STRLEN(?text) AS ?length)
}
ORDER BY ?text
"""


def cli(*args: object) -> subprocess.CompletedProcess[str]:
    """Run the real `chronicle` command in a fresh interpreter, from the repository directory."""
    return subprocess.run([sys.executable, "-m", "chronicle_kg", *map(str, args)],
                          cwd=REPO, capture_output=True, text=True, timeout=120)


def csv_rows(run: subprocess.CompletedProcess[str]) -> list[dict[str, str]]:
    assert run.returncode == 0, run.stderr
    return list(csv.DictReader(io.StringIO(run.stdout)))


def json_rows(run: subprocess.CompletedProcess[str]) -> list[dict[str, str]]:
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    return [{name: term["value"] for name, term in binding.items()}
            for binding in document["results"]["bindings"]]


def pick(rows: list[dict[str, object]], *columns: str) -> list[tuple[object, ...]]:
    return [tuple(row.get(c) for c in columns) for row in rows]


def one(rows: list[dict[str, object]]) -> dict[str, object]:
    assert len(rows) == 1, rows
    return rows[0]


@pytest.fixture(scope="module")
def seed() -> Chronicle:
    """The repository's own data."""
    return Chronicle.open(REPO)


@pytest.fixture(scope="module")
def extended_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository with data sets test-extra and test-extra-2 and two test-only queries."""
    root = tmp_path_factory.mktemp("queries") / "chronicle"
    for part in ("ontology", "shapes", "data", "queries"):
        shutil.copytree(REPO / part, root / part)
    for folder, text in (("test-extra", EXTRA_TTL), ("test-extra-2", EXTRA_2_TTL)):
        (root / "data" / folder).mkdir()
        (root / "data" / folder / "extra.ttl").write_text(text, encoding="utf-8")
    (root / "queries" / "test-label-lookup.rq").write_text(LABEL_LOOKUP_RQ, encoding="utf-8")
    (root / "queries" / "test-echo.rq").write_text(ECHO_RQ, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def extended(extended_root: Path) -> Chronicle:
    return Chronicle.open(extended_root)


# ---------------------------------------------------------------------------------------------------
# The seed benchmark record (internlm-20b), through the API

SEED_DATE = datetime.date(2023, 9, 18)
QWEN, YI = "Qwen Technical Report", "Yi: Open Foundation Models by 01.AI"
SEED_TABLE = [
    ("ARC AI2", Decimal("75.6"), "self-reported", "optimized", "T1", SEED_DATE, QWEN),
    ("LAMBADA", Decimal("71.8"), "self-reported", "optimized", "T1", SEED_DATE, QWEN),
    ("HellaSwag", Decimal("70.8"), "self-reported", "optimized", "T1", SEED_DATE, QWEN),
    ("GSM8K", Decimal("62.9"), "unverified", "optimized", "T1", SEED_DATE, YI),
    ("PIQA", Decimal("60.6"), "self-reported", "optimized", "T1", SEED_DATE, QWEN),
    ("BBH", Decimal("36.67"), "self-reported", "optimized", "T1", SEED_DATE, QWEN),
]


def test_scorecard_reproduces_seed_benchmark_table(seed):
    rows = seed.query("scorecard", system="internlm-20b").records()

    assert pick(rows, "benchmark", "score", "status", "regime", "tier", "measured", "source") == SEED_TABLE
    assert {r["metric"] for r in rows} == {"accuracy (%)"}
    assert {r["dataset"] for r in rows} == {"epoch_benchmarks"}


def test_scorecard_summary_reproduces_seed_figures(seed):
    row = one(seed.query("scorecard-summary", system="internlm-20b").records())

    assert row["systemLabel"] == "internlm-20b"
    assert row["developerLabel"] == "Shanghai AI Laboratory"
    assert row["released"] == datetime.date(2023, 9, 18)
    assert row["parameters"] == Decimal("20000000000")
    assert (row["sizeClass"], row["sizeClassLabel"]) == (VOCAB + "size-class/mid-size", "mid-size")
    assert (row["benchmarks"], row["claims"]) == (6, 6)
    assert (row["reproduced"], row["reproducedPercent"]) == (0, 0)
    assert (row["bestValue"], row["bestBenchmark"], row["bestStatus"]) == (Decimal("75.6"), "ARC AI2", "self-reported")
    assert row["leads"] == 6, "the only system with scores leads on every benchmark it has"
    assert row["suiteGap"] is None
    assert row["suiteStanding"] == "no suite average disclosed"


def test_scorecard_status_counts_reproduce_seed_sentence(seed):
    rows = seed.query("scorecard-status-counts", system="internlm-20b").records()

    assert pick(rows, "status", "claims") == [("self-reported", 5), ("unverified", 1)]


def test_facts_of_seed_system_are_single_source(seed):
    rows = seed.query("facts", entity="internlm-20b").records()

    assert pick(rows, "attributeLabel", "value", "dataset", "dataSets", "check") == [
        ("parameter count", Decimal("20000000000"), "curated_param_counts", 1, "single-source"),
        ("release date", datetime.date(2023, 9, 18), "epoch_benchmarks", 1, "single-source"),
    ]


def test_facts_summary_reproduces_seed_count_line(seed):
    row = one(seed.query("facts-summary", entity="internlm-20b").records())

    assert pick([row], "facts", "crossChecked", "singleSource", "conflicts") == [(2, 0, 2, 0)]


def test_evidence_summary_of_seed_data(seed):
    rows = seed.query("evidence-summary").records()

    assert pick(rows, "grouping", "groupLabel", "status", "claims") == [
        ("data set", "epoch_benchmarks", "self-reported", 5),
        ("data set", "epoch_benchmarks", "unverified", 1),
        ("organization", "Shanghai AI Laboratory", "self-reported", 5),
        ("organization", "Shanghai AI Laboratory", "unverified", 1),
    ]


# ---------------------------------------------------------------------------------------------------
# The seed milestone record (InternLM-Math), through the API

def test_milestone_reproduces_seed_record(seed):
    row = one(seed.query("milestone", milestone="internlm-math").records())

    assert row["title"] == "InternLM-Math unifies informal, tool-assisted and formal mathematical reasoning"
    assert row["summary"].startswith("The project encodes reasoning, reward modeling")
    assert row["date"] == datetime.date(2024, 2, 9)
    assert row["whatHappened"].endswith("without theorem-proving fine-tuning.")
    assert row["whyItMatters"].startswith("It represented a move toward general-purpose mathematical models")
    assert (row["significance"], row["significanceLabel"]) == ("H2", "Field milestone")
    assert row["significanceRationale"].startswith("InternLM-Math explored a single open model family")
    assert row["verification"] == "Paper released"
    assert (row["evidenceLevel"], row["evidenceLevelLabel"]) == ("E3", "Inspectable artifact")
    assert row["aiRole"] == "Computation only"
    assert row["formalAssurance"] == "Artifact available"
    assert row["noveltyKind"] == "Benchmark result"
    assert row["aiContribution"].startswith("The model acts as reasoner, verifier, prover")
    assert row["humanContribution"].startswith("Researchers unified the training tasks")
    assert row["lastReviewed"] == datetime.date(2026, 9, 11)


def test_milestone_links_reproduce_seed_technical_details(seed):
    rows = seed.query("milestone-links", milestone="internlm-math").records()
    slugs = [(r["relation"], r["target"].rsplit("/", 1)[1]) for r in rows]

    assert slugs == [
        ("system", "internlm-math"),
        ("organization", "shanghai-ai-laboratory"),
        ("problem", "math-benchmark"), ("problem", "minif2f"),
        ("method", "code-interpreter"), ("method", "formal-reasoning"), ("method", "multi-task-learning"),
        ("interface", "informal"), ("interface", "formal"), ("interface", "symbolic"),
        ("interface", "numeric"), ("interface", "hybrid"),
    ]
    interfaces = [r["label"] for r in rows if r["relation"] == "interface"]
    assert ", ".join(interfaces) == "Informal, Formal, Symbolic, Numeric, Hybrid"


def test_milestone_sources_reproduce_seed_sources_and_artifacts(seed):
    rows = seed.query("milestone-sources", milestone="internlm-math").records()

    assert pick(rows, "role", "title", "tier", "tierLabel", "kind", "issued", "accessed") == [
        ("source", "InternLM-Math: Open Math Large Language Models Toward Verifiable Reasoning", "S1",
         "Primary research", "Paper", datetime.date(2024, 2, 9), datetime.date(2026, 9, 10)),
        ("source", "InternLM-Math models, evaluation code and formal-math resources", "S1",
         "Primary research", "Repository", None, datetime.date(2026, 9, 11)),
        ("artifact", "InternLM-Math models and evaluation resources", None, None, "Code", None,
         datetime.date(2026, 9, 11)),
    ]


def test_milestone_history_reproduces_seed_events_in_date_order(seed):
    rows = seed.query("milestone-history", milestone="internlm-math").records()

    assert pick(rows, "date", "verification", "evidenceLevel", "evidenceLevelLabel") == [
        (datetime.date(2024, 2, 9), "Paper released", "E2", "Research record"),
        (datetime.date(2026, 9, 11), "Paper released", "E3", "Inspectable artifact"),
    ]
    assert rows[0]["note"].startswith("The Chronicle records this event from the cited primary")
    assert rows[1]["note"].startswith("This corpus refresh added a directly inspectable public artifact")


def test_milestone_corrections_are_empty_for_seed(seed):
    assert seed.query("milestone-corrections", milestone="internlm-math").records() == []


def test_timeline_by_problem_lists_seed_milestone(seed):
    rows = seed.query("timeline", problem="minif2f").records()

    assert pick(rows, "milestone", "date", "significance", "evidenceLevel", "verification") == [
        (ID + "milestone/internlm-math", datetime.date(2024, 2, 9), "H2", "E3", "Paper released"),
    ]


@pytest.mark.parametrize(("date", "level", "label"), [
    ("2025-01-01", "E2", "Research record"),
    ("2026-09-11", "E3", "Inspectable artifact"),
    ("2024-02-09", "E2", "Research record"),
])
def test_evidence_as_of_reads_the_verification_history(seed, date, level, label):
    row = one(seed.query("evidence-as-of", milestone="internlm-math", date=date).records())

    assert (row["record"], row["evidenceLevel"], row["evidenceLevelLabel"]) == ("recorded", level, label)
    assert row["verification"] == "Paper released"


def test_evidence_as_of_before_the_first_event_has_no_record(seed):
    row = one(seed.query("evidence-as-of", milestone="internlm-math", date="2020-01-01").records())

    assert row["record"] == "no record yet"
    assert row["evidenceLevel"] is None and row["verification"] is None


# ---------------------------------------------------------------------------------------------------
# The seed figures through the CLI

def test_cli_scorecard_csv_reproduces_seed_table():
    rows = csv_rows(cli("--root", REPO, "query", "scorecard", "--param", "system=internlm-20b", "--format", "csv"))

    assert [(r["benchmark"], r["score"], r["status"], r["regime"], r["tier"], r["measured"], r["source"])
            for r in rows] == [(b, str(v), s, g, t, str(d), src) for b, v, s, g, t, d, src in SEED_TABLE]


def test_cli_scorecard_summary_json_reproduces_seed_figures():
    row = one(json_rows(cli("--root", REPO, "query", "scorecard-summary", "--param", "system=internlm-20b",
                            "--format", "json")))

    assert {k: row.get(k) for k in ("developerLabel", "released", "parameters", "sizeClassLabel", "benchmarks",
                                    "claims", "reproduced", "reproducedPercent", "bestValue", "bestBenchmark",
                                    "bestStatus", "leads", "suiteGap", "suiteStanding")} == {
        "developerLabel": "Shanghai AI Laboratory", "released": "2023-09-18", "parameters": "20000000000",
        "sizeClassLabel": "mid-size", "benchmarks": "6", "claims": "6", "reproduced": "0",
        "reproducedPercent": "0", "bestValue": "75.6", "bestBenchmark": "ARC AI2", "bestStatus": "self-reported",
        "leads": "6", "suiteGap": None, "suiteStanding": "no suite average disclosed",
    }


def test_cli_timeline_by_problem_csv():
    rows = csv_rows(cli("--root", REPO, "query", "timeline", "--param", "problem=minif2f", "--format", "csv"))

    assert [(r["date"], r["significance"], r["evidenceLevel"]) for r in rows] == [("2024-02-09", "H2", "E3")]


@pytest.mark.parametrize(("date", "expected"), [
    ("2025-01-01", ("recorded", "E2")), ("2026-09-11", ("recorded", "E3")), ("2020-01-01", ("no record yet", None)),
])
def test_cli_evidence_as_of_json(date, expected):
    row = one(json_rows(cli("--root", REPO, "query", "evidence-as-of", "--param", "milestone=internlm-math",
                            "--param", f"date={date}", "--format", "json")))

    assert (row["record"], row.get("evidenceLevel")) == expected


# ---------------------------------------------------------------------------------------------------
# Leads, best results, suites and ranks with more systems (the extended copy)

@pytest.mark.parametrize(("system", "benchmarks", "claims", "leads"), [
    # internlm-20b: its 6 seed benchmarks plus Test Perplexity, plus a second ARC AI2 claim; it trails on
    # ARC AI2 (80.1 > 75.6) and on lower-is-better Test Perplexity (10.0 < 12.5), ties on HellaSwag.
    ("internlm-20b", 7, 8, 5),
    # test-model: leads ARC AI2, HellaSwag (tie) and Test Perplexity; not LAMBADA, where its superseded
    # 90.0 is ignored and its reproduced 65.0 trails 71.8.
    ("test-model", 4, 4, 3),
    ("test-small", 1, 1, 0),
])
def test_leads_count_ties_and_respect_lower_is_better(extended, system, benchmarks, claims, leads):
    row = one(extended.query("scorecard-summary", system=system).records())

    assert (row["benchmarks"], row["claims"], row["leads"]) == (benchmarks, claims, leads)


@pytest.mark.parametrize(("system", "best", "reproduced", "percent"), [
    ("internlm-20b", (Decimal("75.6"), "ARC AI2", "self-reported"), 0, 0),
    ("test-model", (Decimal("80.1"), "ARC AI2", "self-reported"), 1, 25),
    ("test-small", (Decimal("50"), "HellaSwag", "unverified"), 0, 0),
])
def test_best_result_and_reproduced_share_ignore_superseded_claims(extended, system, best, reproduced, percent):
    row = one(extended.query("scorecard-summary", system=system).records())

    assert (row["bestValue"], row["bestBenchmark"], row["bestStatus"]) == best
    assert (row["reproduced"], row["reproducedPercent"]) == (reproduced, percent)


@pytest.mark.parametrize(("system", "parameters", "size_class"), [
    ("internlm-20b", Decimal("20000000000"), "mid-size"),
    ("test-model", Decimal("140000000000"), "large"),  # data sets disagree (140e9, 150e9): the smaller
    ("test-small", Decimal("7000000000"), "compact"),
])
def test_size_class_is_derived_from_the_parameter_count(extended, system, parameters, size_class):
    row = one(extended.query("scorecard-summary", system=system).records())

    assert (row["parameters"], row["sizeClassLabel"]) == (parameters, size_class)


def test_system_without_parameter_count_has_no_size_class(extended):
    row = one(extended.query("scorecard-summary", system="internlm-math").records())

    assert row["parameters"] is None and row["sizeClass"] is None
    assert (row["benchmarks"], row["claims"], row["leads"]) == (0, 0, 0)
    assert row["reproducedPercent"] is None and row["bestValue"] is None


@pytest.mark.parametrize(("system", "suite", "standing"), [
    ("internlm-20b", (Decimal("50.73"), Decimal("75"), Decimal("24.27")), "trails the leader"),
    ("test-model", (Decimal("75"), Decimal("75"), Decimal("0")), "leads"),
    ("test-small", (None, None, None), "no suite average disclosed"),
])
def test_suite_gap_to_the_leader(extended, system, suite, standing):
    row = one(extended.query("scorecard-summary", system=system).records())

    assert (row.get("suiteValue"), row.get("leaderValue"), row.get("suiteGap")) == suite
    assert row["suiteStanding"] == standing
    assert row.get("suiteLabel") == ("Test Harness" if suite[0] is not None else None)


def test_scorecard_leaves_out_suites_and_superseded_claims(extended):
    rows = extended.query("scorecard", system="test-model").records()

    assert pick(rows, "benchmark", "score", "status") == [
        ("ARC AI2", Decimal("80.1"), "self-reported"),
        ("HellaSwag", Decimal("70.8"), "self-reported"),
        ("LAMBADA", Decimal("65"), "independently reproduced"),
        ("Test Perplexity", Decimal("10"), "self-reported"),
    ]


def test_scorecard_lists_superseded_claims_when_asked(extended):
    rows = extended.query("scorecard", system="test-model", include_superseded="true").records()

    assert [(r["benchmark"], r["score"]) for r in rows][0] == ("LAMBADA", Decimal("90"))
    assert len(rows) == 5


def test_status_counts_follow_the_scheme_order(extended):
    rows = extended.query("scorecard-status-counts", system="internlm-20b").records()

    assert pick(rows, "status", "claims") == [("third-party report", 2), ("self-reported", 5), ("unverified", 1)]


@pytest.mark.parametrize(("benchmark", "reproduced_only", "expected"), [
    ("arc-ai2", "false", [(1, "test-model", "80.1"), (2, "internlm-20b", "75.6")]),
    ("hellaswag", "false", [(1, "internlm-20b", "70.8"), (1, "test-model", "70.8"), (3, "test-small", "50")]),
    ("lambada", "false", [(1, "internlm-20b", "71.8"), (2, "test-model", "65")]),
    ("lambada", "true", [(1, "test-model", "65")]),
    ("arc-ai2", "true", []),
    ("test-perplexity", "false", [(1, "test-model", "10"), (2, "internlm-20b", "12.5")]),
    ("test-harness", "false", [(1, "test-model", "75"), (2, "internlm-20b", "50.73")]),
])
def test_leaderboard_ranks_best_claims_with_shared_ranks(extended, benchmark, reproduced_only, expected):
    rows = extended.query("leaderboard", benchmark=benchmark, reproduced_only=reproduced_only).records()

    assert [(r["rank"], r["systemLabel"], str(r["value"])) for r in rows] == expected


def test_status_counts_count_superseded_claims_only_when_asked(extended):
    current = extended.query("scorecard-status-counts", system="test-model").records()
    everything = extended.query("scorecard-status-counts", system="test-model", include_superseded="true").records()

    assert sum(r["claims"] for r in everything) == sum(r["claims"] for r in current) + 1


def test_leaderboard_shows_the_best_claims_status_and_source(extended):
    rows = extended.query("leaderboard", benchmark="lambada").records()

    assert pick(rows, "status", "source") == [
        ("self-reported", "Qwen Technical Report"),
        ("independently reproduced", "A reproduction of test-model"),
    ]


def test_cli_leaderboard_on_another_root_defaults_to_all_claims(extended_root):
    rows = csv_rows(cli("--root", extended_root, "query", "leaderboard", "--param", "benchmark=hellaswag",
                        "--format", "csv"))

    assert [(r["rank"], r["systemLabel"]) for r in rows] == [("1", "internlm-20b"), ("1", "test-model"),
                                                            ("3", "test-small")]


@pytest.mark.parametrize(("top", "expected"), [
    ("1", [(1, "internlm-20b"), (1, "test-model")]),  # both systems tied at place 1
    ("2", [(1, "internlm-20b"), (1, "test-model")]),  # nobody is at place 2
    ("3", [(1, "internlm-20b"), (1, "test-model"), (3, "test-small")]),
    ("0", [(1, "internlm-20b"), (1, "test-model"), (3, "test-small")]),
])
def test_leaderboard_top_shows_places_up_to_n_with_ties(extended, top, expected):
    rows = extended.query("leaderboard", benchmark="hellaswag", top=top).records()

    assert [(r["rank"], r["systemLabel"]) for r in rows] == expected


# ---------------------------------------------------------------------------------------------------
# Milestones with more records (the extended copy)

NOTE, MATH, PROVER = "test-note", "internlm-math", "test-prover"


@pytest.mark.parametrize(("params", "expected"), [
    ({}, [NOTE, MATH, PROVER]),
    ({"problem": "minif2f"}, [MATH, PROVER]),
    ({"problem": "math-benchmark"}, [NOTE, MATH, PROVER]),  # test-prover: a narrower problem
    ({"org": "test-lab"}, [NOTE, PROVER]),  # test-note: through the developer of its system
    ({"org": "shanghai-ai-laboratory"}, [MATH]),
    ({"system": "test-model"}, [PROVER]),
    ({"min_significance": "H2"}, [MATH, PROVER]),
    ({"min_significance": "H1"}, [PROVER]),
    ({"min_significance": "H3"}, [NOTE, MATH, PROVER]),
    ({"from": "2024-02-09"}, [MATH, PROVER]),
    ({"to": "2024-02-09"}, [NOTE, MATH]),
    ({"from": "2024-02-10", "to": "2025-03-01"}, [PROVER]),
    ({"problem": "minif2f", "min_significance": "H1", "to": "2024-12-31"}, []),
])
def test_timeline_filters_and_date_order(extended, params, expected):
    rows = extended.query("timeline", **params).records()

    assert [r["milestone"].rsplit("/", 1)[1] for r in rows] == expected
    assert [r["date"] for r in rows] == sorted(r["date"] for r in rows)


@pytest.mark.parametrize(("date", "expected"), [
    ("2025-02-28", ("no record yet", None, None)),
    ("2025-03-01", ("recorded", "E2", "Paper released")),
    ("2025-05-31", ("recorded", "E2", "Paper released")),
    ("2025-06-01", ("recorded", "E4", "Independently reproduced")),
    ("2030-01-01", ("recorded", "E4", "Independently reproduced")),
])
def test_evidence_as_of_on_events_stated_out_of_order(extended, date, expected):
    row = one(extended.query("evidence-as-of", milestone=PROVER, date=date).records())

    assert (row["record"], row.get("evidenceLevel"), row.get("verification")) == expected


def test_milestone_history_is_in_date_order(extended):
    rows = extended.query("milestone-history", milestone=PROVER).records()

    assert pick(rows, "date", "evidenceLevel", "source") == [
        (datetime.date(2025, 3, 1), "E2", "Test Lab technical report"),
        (datetime.date(2025, 6, 1), "E4", "A reproduction of test-model"),
    ]


def test_milestone_links_read_earlier_later_and_related_both_ways(extended):
    prover = extended.query("milestone-links", milestone=PROVER).records()
    math = extended.query("milestone-links", milestone=MATH).records()

    assert [(r["relation"], r["label"]) for r in prover] == [
        ("system", "test-model"), ("organization", "Test Lab"),
        ("problem", "Competition algebra"), ("problem", "miniF2F"),
        ("interface", "Formal"), ("interface", "Hybrid"),
        ("earlier", "InternLM-Math unifies informal, tool-assisted and formal mathematical reasoning"),
        ("related", "Test note on competition algebra"),
    ]
    assert [(r["relation"], r["label"]) for r in math if r["relation"] in ("earlier", "later", "related")] == [
        ("later", "Test prover closes miniF2F")]


def test_milestone_sources_list_sources_then_artifacts(extended):
    rows = extended.query("milestone-sources", milestone=PROVER).records()

    assert pick(rows, "role", "title", "tier", "kind") == [
        ("source", "A reproduction of test-model", "S2", "Paper"),
        ("source", "Test Lab technical report", "S1", "Technical report"),
        ("artifact", "Test prover code", None, "Code"),
    ]


def test_milestone_corrections_list_when_what_why_and_who(extended):
    rows = extended.query("milestone-corrections", milestone=PROVER).records()

    assert pick(rows, "date", "whatChanged", "reason", "by") == [
        (datetime.date(2025, 4, 1), "Date corrected from 2025-02-28 to 2025-03-01.",
         "The report was published on 2025-03-01.", "chronicle-kg"),
    ]


# ---------------------------------------------------------------------------------------------------
# Evidence and fact checks with more data sets (the extended copy)

def test_evidence_summary_counts_per_organization_and_data_set(extended):
    rows = extended.query("evidence-summary").records()

    assert pick(rows, "grouping", "groupLabel", "status", "claims") == [
        ("data set", "epoch_benchmarks", "self-reported", 5),
        ("data set", "epoch_benchmarks", "unverified", 1),
        ("data set", "test_extra", "independently reproduced", 1),
        ("data set", "test_extra", "third-party report", 1),
        ("data set", "test_extra", "self-reported", 5),  # the superseded LAMBADA claim is not counted
        ("data set", "test_extra", "unverified", 1),
        ("data set", "test_extra_2", "third-party report", 1),
        ("organization", "Shanghai AI Laboratory", "third-party report", 2),
        ("organization", "Shanghai AI Laboratory", "self-reported", 6),
        ("organization", "Shanghai AI Laboratory", "unverified", 1),
        ("organization", "Test Lab", "independently reproduced", 1),
        ("organization", "Test Lab", "self-reported", 4),
        ("organization", "Test Lab", "unverified", 1),
    ]


def test_facts_are_cross_checked_or_in_conflict(extended):
    rows = extended.query("facts", entity="test-model").records()

    assert pick(rows, "attributeLabel", "value", "dataset", "valueDataSets", "dataSets", "check") == [
        ("parameter count", Decimal("140000000000"), "test_extra_2", 1, 2, "conflict"),
        ("parameter count", Decimal("150000000000"), "test_extra", 1, 2, "conflict"),
        ("release date", datetime.date(2024, 5, 1), "test_extra", 2, 2, "cross-checked"),
        ("release date", datetime.date(2024, 5, 1), "test_extra_2", 2, 2, "cross-checked"),
    ]


@pytest.mark.parametrize(("system", "expected"), [
    ("internlm-20b", (2, 1, 1, 0)),  # release date now asserted by two data sets
    ("test-model", (2, 1, 0, 1)),
    ("test-small", (1, 0, 1, 0)),
    ("internlm-math", (0, 0, 0, 0)),
])
def test_facts_summary_counts(extended, system, expected):
    row = one(extended.query("facts-summary", entity=system).records())

    assert (row["facts"], row["crossChecked"], row["singleSource"], row["conflicts"]) == expected


# ---------------------------------------------------------------------------------------------------
# Bad input through the CLI: exit 2, one line on stderr, no traceback, never a SPARQL syntax error

def assert_refused(run: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert run.returncode == 2, run
    assert "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "syntax error" not in run.stderr.lower(), run.stderr
    for fragment in fragments:
        assert fragment in run.stderr, run.stderr
    assert run.stdout == ""


def test_unknown_query_name_suggests_the_closest():
    assert_refused(cli("--root", REPO, "query", "scorecrd"), "unknown query 'scorecrd'", "did you mean scorecard")


def test_unknown_parameter_name_suggests_the_closest():
    assert_refused(cli("--root", REPO, "query", "scorecard", "--param", "sytem=internlm-20b"),
                   "no parameter 'sytem'", "did you mean system")


def test_missing_required_parameter_is_named():
    assert_refused(cli("--root", REPO, "query", "evidence-as-of", "--param", "milestone=internlm-math"),
                   "needs --param date=")


def test_date_that_is_not_a_date_is_refused():
    assert_refused(cli("--root", REPO, "query", "evidence-as-of", "--param", "milestone=internlm-math",
                       "--param", "date=2025-13-01"), "parameter date", "is not a date")


@pytest.mark.parametrize("value", ["-1", "ten", "2.5"])
def test_leaderboard_top_that_is_not_a_count_is_refused(value):
    assert_refused(cli("--root", REPO, "query", "leaderboard", "--param", "benchmark=arc-ai2",
                       "--param", f"top={value}"), "parameter top", "is not a count")


def test_unknown_system_slug_suggests_the_closest_slugs():
    assert_refused(cli("--root", REPO, "query", "scorecard", "--param", "system=internlm-2b"),
                   "no system 'internlm-2b'", "internlm-20b")


@pytest.mark.parametrize("value", [
    'internlm-20b" } UNION { ?s ?p ?o } #',
    "internlm-20b> } UNION { ?s ?p ?o } #",
    "https://w3id.org/chronicle-kg/id/system/internlm-20b> } UNION { ?s ?p ?o } #",
    "https://w3id.org/chronicle-kg/id/system/x%7D%20UNION%20%7B",
])
def test_iri_parameter_with_query_text_is_a_plain_value(value):
    assert_refused(cli("--root", REPO, "query", "scorecard", "--param", f"system={value}"), "parameter system")


def test_concept_parameter_with_query_text_is_a_plain_value():
    assert_refused(cli("--root", REPO, "query", "timeline", "--param", 'min_significance=H2" } UNION {'),
                   "parameter min_significance")


INJECTION = 'internlm-20b" } UNION { ?entity ?p ?text } # \\'


def test_string_parameter_with_query_text_is_a_plain_value(extended):
    assert extended.query("test-label-lookup", text=INJECTION).records() == []
    assert [r["entity"] for r in extended.query("test-label-lookup", text="internlm-20b").records()] == [
        ID + "system/internlm-20b"]
    assert extended.query("test-echo", text=INJECTION).records() == [{"text": INJECTION, "length": len(INJECTION)}]


def test_cli_string_parameter_with_query_text_gives_no_rows(extended_root):
    run = cli("--root", extended_root, "query", "test-label-lookup", "--param", f"text={INJECTION}", "--format", "csv")

    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["entity,text,length"]


def test_sparql_syntax_error_is_one_line():
    run = cli("--root", REPO, "sparql", "SELECT * WHERE { ?s ?p }")

    assert run.returncode == 2, run
    assert "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "SPARQL syntax error" in run.stderr


# ---------------------------------------------------------------------------------------------------
# The catalogue's own rules

# Arguments that make every canned query return rows on the seed data.
SEED_ARGUMENTS = {
    "scorecard": {"system": "internlm-20b"},
    "scorecard-summary": {"system": "internlm-20b"},
    "scorecard-status-counts": {"system": "internlm-20b"},
    "leaderboard": {"benchmark": "arc-ai2"},
    "milestone": {"milestone": "internlm-math"},
    "milestone-links": {"milestone": "internlm-math"},
    "milestone-sources": {"milestone": "internlm-math"},
    "milestone-history": {"milestone": "internlm-math"},
    "milestone-corrections": {"milestone": "internlm-math"},
    "timeline": {},
    "evidence-as-of": {"milestone": "internlm-math", "date": "2025-01-01"},
    "evidence-summary": {},
    "facts": {"entity": "internlm-20b"},
    "facts-summary": {"entity": "internlm-20b"},
    "size-classes": {},
    "organization": {"org": "shanghai-ai-laboratory"},
    "organization-systems": {"org": "shanghai-ai-laboratory"},
    "benchmark": {"benchmark": "hellaswag"},
    "fact-checks": {},
    "transcription-conflicts": {},
    "reproduction-verdicts": {"system": "internlm-20b"},
}
# Queries that compare data sets: the seed data alone has nothing to compare (tests/test_import*.py do).
EMPTY_ON_SEED = {"milestone-corrections", "fact-checks", "transcription-conflicts", "reproduction-verdicts"}


def test_organization_profile_counts_its_systems_and_milestones(seed):
    [row] = seed.query("organization", org="shanghai-ai-laboratory").records()
    assert (row["label"], row["homepage"], row["country"]) == (
        "Shanghai AI Laboratory", "https://www.shlab.org.cn/", "CN")
    assert (row["systems"], row["milestones"]) == (2, 1)
    systems = seed.query("organization-systems", org="shanghai-ai-laboratory").records()
    assert [(s["systemLabel"], str(s["released"]), s["parameters"], s["claims"]) for s in systems] == [
        ("internlm-20b", "2023-09-18", 20_000_000_000, 6), ("internlm-math", "None", None, 0)]


def test_benchmark_profile_gives_scale_direction_and_claim_counts(seed):
    [row] = seed.query("benchmark", benchmark="hellaswag").records()
    assert (row["label"], row["metric"], row["scaleMin"], row["scaleMax"], row["higherIsBetter"]) == (
        "HellaSwag", "accuracy (%)", 0, 100, True)
    assert (row["systems"], row["claims"]) == (1, 1)


def test_size_classes_are_ordered_with_their_thresholds(repo_root):
    rows = Chronicle.open(repo_root).query("size-classes").records()
    assert [(r["label"], r["previousLabel"]) for r in rows] == [
        ("compact", None), ("mid-size", "compact"), ("large", "mid-size"), ("frontier", "large")]
    assert rows[1]["minParameters"] == 10**10 and rows[1]["maxParameters"] == 10**11


def _query_body(text: str) -> str:
    """The query text without comments, IRIs and strings, where prefixed names can be found."""
    text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    text = re.sub(r"<[^<>\s]*>", "<>", text)
    return re.sub(r"#[^\n]*", "", text)


@pytest.mark.parametrize("path", QUERY_FILES, ids=lambda p: p.stem)
def test_query_file_has_title_prefixes_and_order_by(path):
    query = read_query(path)
    body = _query_body(path.read_text(encoding="utf-8"))
    declared = set(re.findall(r"PREFIX\s+([A-Za-z][\w-]*)?:", body, flags=re.IGNORECASE))
    used = set(re.findall(r"(?<![\w?$:-])([A-Za-z][\w-]*)?:(?=[\w])", body))

    assert query.title and not query.title.startswith("@"), f"{path.name}: start with a '# Title' line"
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", path.stem), f"{path.name}: name it in lower case with hyphens"
    assert used <= declared, f"{path.name}: declare PREFIX {', '.join(sorted(used - declared))}"
    assert re.search(r"\bORDER\s+BY\b", body, flags=re.IGNORECASE), f"{path.name}: end with an ORDER BY"
    for column in query.columns:
        assert f"?{column}" in body, f"{path.name}: @columns names {column}, which the query never binds"


@pytest.mark.parametrize("path", QUERY_FILES, ids=lambda p: p.stem)
def test_every_query_runs_on_the_seed_data(seed, path):
    assert path.stem in SEED_ARGUMENTS, f"add {path.stem} to SEED_ARGUMENTS (and test its figures)"
    result = seed.query(path.stem, **SEED_ARGUMENTS[path.stem])

    if path.stem not in EMPTY_ON_SEED:
        assert result.rows, f"{path.stem} gives no rows on the seed data"
    assert result.records() == seed.query(path.stem, **SEED_ARGUMENTS[path.stem]).records()


def _readme_section(title: str) -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def test_readme_query_catalogue_lists_every_query():
    listed = re.findall(r"^\| `([a-z0-9-]+)` \|", _readme_section("Query catalogue"), flags=re.MULTILINE)

    assert sorted(listed) == sorted(p.stem for p in QUERY_FILES), "list every queries/*.rq in README's Query catalogue"


def test_readme_query_catalogue_follows_commands():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)

    assert headings.index("Query catalogue") == headings.index("Commands") + 1


def test_readme_query_examples_run():
    (block,) = re.findall(r"^```sh\n(.*?)^```", _readme_section("Query catalogue"), flags=re.MULTILINE | re.DOTALL)
    for line in block.splitlines():
        args = shlex.split(line)
        assert args[:2] == ["chronicle", "query"], line
        run = cli("--root", REPO, *args[1:])
        assert run.returncode == 0 and run.stdout.strip(), f"{line}: {run.stderr}"
