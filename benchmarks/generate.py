"""Synthetic chronicle directories of the project's shape, for benchmarks and for the validation tests.

`generate(out, triples, seed)` writes a chronicle directory (the repository's ontology/, shapes/ and
queries/, and a generated data/) of about `triples` triples: organizations, systems, benchmarks, sources,
data sets, score claims (some superseded, with corrections), attribute claims, milestones with
verification histories and artifacts. Everything conforms to shapes/ (no violation, no warning) except the
planted violations, which `planted.json` lists as (focus node, shape). The same size and seed always give
byte-identical files.

    python benchmarks/generate.py --triples 100k --seed 7 OUT_DIR
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ID = "https://w3id.org/chronicle-kg/id/"
CKS = "https://w3id.org/chronicle-kg/shapes#"
TRIPLES_PER_SYSTEM = 165  # measured: the generated graph (with the ontology) divided by its systems
CLAIMS_PER_SYSTEM = 9
DATA_SETS = 8

PREFIXES = """@prefix ck: <https://w3id.org/chronicle-kg/ontology#> .
@prefix artifact: <https://w3id.org/chronicle-kg/id/artifact/> .
@prefix benchmark: <https://w3id.org/chronicle-kg/id/benchmark/> .
@prefix claim: <https://w3id.org/chronicle-kg/id/claim/> .
@prefix correction: <https://w3id.org/chronicle-kg/id/correction/> .
@prefix dataset: <https://w3id.org/chronicle-kg/id/dataset/> .
@prefix event: <https://w3id.org/chronicle-kg/id/event/> .
@prefix milestone: <https://w3id.org/chronicle-kg/id/milestone/> .
@prefix org: <https://w3id.org/chronicle-kg/id/org/> .
@prefix source: <https://w3id.org/chronicle-kg/id/source/> .
@prefix system: <https://w3id.org/chronicle-kg/id/system/> .
@prefix vocab: <https://w3id.org/chronicle-kg/vocab/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

"""

# The planted violations, one kind each: the shape that must report it.
PLANTED_SHAPES = (
    "ClaimCitesSource", "ScoreValueInScale", "ScoreClaimValue", "EvidenceStatusInScheme",
    "IndependentReproductionByOtherOrg", "SystemDevelopedBy", "MilestoneLevelMatchesLatestEvent",
)


def parse_size(text: str) -> int:
    """'10k' -> 10000, '1M' -> 1000000, '2500' -> 2500."""
    text = text.strip()
    scale = {"k": 1_000, "K": 1_000, "m": 1_000_000, "M": 1_000_000}.get(text[-1:], 1)
    number = text[:-1] if scale != 1 else text
    try:
        return int(float(number) * scale)
    except ValueError:
        raise ValueError(f"size {text!r}: write a number of triples such as 10000, 10k or 1M") from None


def _day(rng: random.Random, start: date, span_days: int) -> date:
    return start + timedelta(days=rng.randrange(span_days))


def _lit_date(day: date) -> str:
    return f'"{day.isoformat()}"^^xsd:date'


@dataclass
class _Writer:
    """Statements per file, written as Turtle blocks: `subject predicate-object-list .`"""

    files: dict[str, list[str]] = field(default_factory=dict)
    planted: list[tuple[str, str]] = field(default_factory=list)

    def add(self, file: str, subject: str, pairs: list[tuple[str, str]]) -> None:
        body = " ;\n    ".join(f"{p} {o}" for p, o in pairs)
        self.files.setdefault(file, []).append(f"{subject} {body} .\n")

    def plant(self, focus_curie: str, shape: str) -> None:
        prefix, local = focus_curie.split(":", 1)
        self.planted.append((f"{ID}{prefix}/{local}", CKS + shape))

    def write(self, data: Path) -> None:
        for name, blocks in sorted(self.files.items()):
            path = data / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(PREFIXES + "\n".join(blocks), encoding="utf-8")


def generate(out: Path, triples: int, seed: int = 7) -> dict:
    """Write a synthetic chronicle directory of about `triples` triples into `out` (which must not exist).

    Returns the manifest also written to out/planted.json: sizes, seed and planted violations."""
    if out.exists():
        raise FileExistsError(f"{out} exists: give a new directory")
    rng = random.Random(seed)
    systems = max(20, triples // TRIPLES_PER_SYSTEM)
    orgs = max(5, systems // 20)
    benchmarks = 40 + systems // 40
    sources = max(10, systems // 2)
    milestones = max(5, systems // 10)
    planted_per_kind = max(1, systems // 400)
    w = _Writer()

    for i in range(DATA_SETS):
        w.add("chronicle/datasets.ttl", f"dataset:synthetic-{i}", [
            ("a", "ck:DataSet"), ("ck:title", f'"synthetic data set {i}"'),
            ("ck:description", '"Generated for benchmarks."'), ("ck:publisher", "org:o0"),
            ("ck:issued", _lit_date(date(2026, 1, 1)))])
    for o in range(orgs):
        w.add("chronicle/organizations.ttl", f"org:o{o}", [
            ("a", "ck:Organization"), ("rdfs:label", f'"Organization {o}"'),
            ("ck:homepage", f"<https://example.org/org/{o}>"), ("ck:country", '"US"')])
    bench_weights = [1 / (b + 1) ** 0.8 for b in range(benchmarks)]
    lower_better = {b for b in range(benchmarks) if b % 10 == 9}
    for b in range(benchmarks):
        scale_max = "1000" if b in lower_better else "100"
        w.add("chronicle/benchmarks.ttl", f"benchmark:b{b}", [
            ("a", "ck:Benchmark"), ("rdfs:label", f'"Benchmark {b}"'),
            ("ck:metric", '"perplexity"' if b in lower_better else '"accuracy (%)"'),
            ("ck:scaleMin", '"0"^^xsd:decimal'), ("ck:scaleMax", f'"{scale_max}"^^xsd:decimal'),
            ("ck:higherIsBetter", "false" if b in lower_better else "true")])
    accessed = {}
    for s in range(sources):
        issued = _day(rng, date(2020, 1, 1), 1500)
        accessed[s] = issued + timedelta(days=30 + rng.randrange(300))
        kind = ("paper", "technical-report", "leaderboard", "model-card")[s % 4]
        w.add("chronicle/sources.ttl", f"source:s{s}", [
            ("a", "ck:Source"), ("ck:title", f'"Source {s}"'), ("ck:url", f"<https://example.org/source/{s}>"),
            ("ck:sourceKind", f"<https://w3id.org/chronicle-kg/vocab/source-kind/{kind}>"),
            ("ck:sourceTier", f"<https://w3id.org/chronicle-kg/vocab/source-tier/S{1 + s % 3}>"),
            ("ck:issued", _lit_date(issued)), ("ck:accessed", _lit_date(accessed[s]))])

    developer = {}
    for n in range(systems):
        developer[n] = n % orgs
        pairs = [("a", "ck:System"), ("rdfs:label", f'"system-{n}"'), ("ck:altName", f'"System {n}"'),
                 ("ck:developedBy", f"org:o{developer[n]}"), ("ck:family", f'"Family {n // 10}"')]
        if _planted_system(n, planted_per_kind):
            developer[n] = -1  # no organization: its claims' evaluators are all third parties
            pairs[3] = ("ck:developedBy", "benchmark:b0")
            w.plant(f"system:n{n}", "SystemDevelopedBy")
        w.add("chronicle/systems.ttl", f"system:n{n}", pairs)

    claims = 0
    for n in range(systems):
        dataset = n % DATA_SETS
        folder = f"synthetic-{dataset}"
        chosen = set()
        while len(chosen) < CLAIMS_PER_SYSTEM:
            chosen.add(rng.choices(range(benchmarks), weights=bench_weights)[0])
        for b in sorted(chosen):
            claims += 1
            _score_claim(w, rng, n, b, b in lower_better, folder, dataset, developer, orgs, sources, accessed,
                         plant=None if developer[n] < 0 else _plant_kind(claims, planted_per_kind))
        source = rng.randrange(sources)
        release = _day(rng, date(2019, 1, 1), 1800)
        for attribute, value in (("releaseDate", _lit_date(release)),
                                 ("parameterCount", f'"{(n % 70 + 1) * 1_000_000_000}"^^xsd:decimal')):
            w.add(f"{folder}/facts.ttl", f"claim:n{n}--{attribute}--{folder}", [
                ("a", "ck:AttributeClaim"), ("ck:subject", f"system:n{n}"), ("ck:attribute", f"ck:{attribute}"),
                ("ck:attributeValue", value), ("ck:citesSource", f"source:s{source}"),
                ("ck:fromDataSet", f"dataset:synthetic-{dataset}")])

    for m in range(milestones):
        _milestone(w, rng, m, systems, orgs, sources, plant=m % 50 == 3 and m // 50 < planted_per_kind)

    data = out / "data"
    for part in ("ontology", "shapes", "queries"):
        shutil.copytree(ROOT / part, out / part)
    w.write(data)
    manifest = {
        "seed": seed, "requested_triples": triples, "systems": systems, "organizations": orgs,
        "benchmarks": benchmarks, "sources": sources, "milestones": milestones, "score_claims": claims,
        "planted": [{"focus": f, "shape": s} for f, s in sorted(w.planted)],
    }
    (out / "planted.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def _planted_system(n: int, per_kind: int) -> bool:
    """Whether system n gets a developer that is not an organization."""
    return n % 400 == 17 and n // 400 < per_kind


def _plant_kind(claim_number: int, per_kind: int) -> str | None:
    """The claim-level violation to plant in this claim, if any: claims 1-5 of each thousand, `per_kind` times."""
    slot, offset = divmod(claim_number, 1000)
    return PLANTED_SHAPES[offset - 1] if 1 <= offset <= 5 and slot < per_kind else None


def _score_claim(w: _Writer, rng: random.Random, n: int, b: int, lower_better: bool, folder: str, dataset: int,
                 developer: dict, orgs: int, sources: int, accessed: dict, plant: str | None) -> None:
    source = rng.randrange(sources)
    value = f"{rng.uniform(1, 900 if lower_better else 99):.1f}"
    status = rng.choice(("self-reported", "unverified", "third-party-report", "independently-reproduced"))
    measured = accessed[source] - timedelta(days=rng.randrange(200))
    claim = f"claim:n{n}--b{b}--{folder}"
    pairs = [("a", "ck:ScoreClaim"), ("ck:system", f"system:n{n}"), ("ck:benchmark", f"benchmark:b{b}"),
             ("ck:value", value),
             ("ck:evidenceStatus", f"<https://w3id.org/chronicle-kg/vocab/evidence-status/{status}>"),
             ("ck:evaluationRegime", "<https://w3id.org/chronicle-kg/vocab/evaluation-regime/standard>"),
             ("ck:claimTier", f"<https://w3id.org/chronicle-kg/vocab/claim-tier/T{1 + b % 3}>"),
             ("ck:measuredDate", _lit_date(measured)), ("ck:citesSource", f"source:s{source}"),
             ("ck:fromDataSet", f"dataset:synthetic-{dataset}")]
    evaluator = rng.randrange(orgs)
    relation = "first-party" if evaluator == developer[n] else "third-party"
    pairs += [("ck:evaluator", f"org:o{evaluator}"),
              ("ck:evaluatorRelation", f"<https://w3id.org/chronicle-kg/vocab/evaluator-relation/{relation}>")]
    if status == "independently-reproduced":
        pairs.append(("ck:reproducedBy", f"org:o{(max(developer[n], 0) + 1) % orgs}"))
    if plant == "ClaimCitesSource":
        pairs = [p for p in pairs if p[0] != "ck:citesSource"]
    elif plant == "ScoreValueInScale":
        pairs[3] = ("ck:value", "1500.0")
    elif plant == "ScoreClaimValue":
        pairs[3] = ("ck:value", '"62"^^xsd:integer')
    elif plant == "EvidenceStatusInScheme":
        pairs[4] = ("ck:evidenceStatus", "<https://w3id.org/chronicle-kg/vocab/verification-status/announced>")
    elif plant == "IndependentReproductionByOtherOrg":
        pairs[4] = ("ck:evidenceStatus",
                    "<https://w3id.org/chronicle-kg/vocab/evidence-status/independently-reproduced>")
        pairs = [p for p in pairs if p[0] != "ck:reproducedBy"] + [("ck:reproducedBy", f"org:o{developer[n]}")]
    if plant:
        w.plant(claim, plant)
    if b % 7 == 0 and not plant:  # an earlier claim this one supersedes, with the correction saying why
        old = f"claim:n{n}--b{b}--{folder}--earlier"
        w.add(f"{folder}/scores.ttl", old, [*((p, o) for p, o in pairs[1:] if p != "ck:value"),
                                            ("a", "ck:ScoreClaim"), ("ck:value", "1.0"),
                                            ("ck:supersededBy", claim), ("ck:hasCorrection", f"correction:n{n}--b{b}")])
        w.add(f"{folder}/scores.ttl", f"correction:n{n}--b{b}", [
            ("a", "ck:Correction"), ("ck:date", _lit_date(measured)), ("ck:correctedBy", "org:o0"),
            ("ck:whatChanged", '"The value, from 1.0 to the published figure."'),
            ("ck:reason", '"A transcription error, fixed against the source."')])
    w.add(f"{folder}/scores.ttl", claim, pairs)


def _milestone(w: _Writer, rng: random.Random, m: int, systems: int, orgs: int, sources: int, plant: bool) -> None:
    first = _day(rng, date(2018, 1, 1), 2000)
    days = sorted({first + timedelta(days=rng.randrange(1, 400)) for _ in range(rng.randrange(1, 3))} | {first})
    levels = [f"E{min(i + 1, 2)}" for i in range(len(days))]
    if m % 3 == 0:
        levels[-1] = "E3"
    statuses = ["announced"] + ["paper-released"] * (len(days) - 1)
    significance = ("H1", "H2", "H3")[m % 3]
    milestone = f"milestone:m{m}"
    events = [f"event:m{m}--{d.isoformat()}" for d in days]
    reviewed = days[-1] + timedelta(days=10)
    pairs = [("a", "ck:Milestone"), ("ck:title", f'"Milestone {m}"'), ("ck:summary", f'"What milestone {m} did."'),
             ("ck:date", _lit_date(first)),
             ("ck:significance", f"<https://w3id.org/chronicle-kg/vocab/significance/{significance}>"),
             ("ck:verificationStatus", f"<https://w3id.org/chronicle-kg/vocab/verification-status/{statuses[-1]}>"),
             ("ck:evidenceLevel", f"<https://w3id.org/chronicle-kg/vocab/evidence-level/"
                                  f"{'E0' if plant else levels[-1]}>"),
             ("ck:aiRole", "<https://w3id.org/chronicle-kg/vocab/ai-role/assistant>"),
             ("ck:formalAssurance", "<https://w3id.org/chronicle-kg/vocab/formal-assurance/none>"),
             ("ck:noveltyKind", "<https://w3id.org/chronicle-kg/vocab/novelty-kind/new-result>"),
             ("ck:interface", "<https://w3id.org/chronicle-kg/vocab/interface/formal>"),
             ("ck:lastReviewed", _lit_date(reviewed)), ("ck:involvesSystem", f"system:n{rng.randrange(systems)}"),
             ("ck:involvesOrganization", f"org:o{rng.randrange(orgs)}"),
             ("ck:citesSource", f"source:s{rng.randrange(sources)}"), ("ck:verificationEvent", ", ".join(events))]
    if significance != "H3":
        pairs.append(("ck:significanceRationale", f'"Why milestone {m} matters."'))
    if levels[-1] == "E3":
        pairs.append(("ck:artifact", f"artifact:m{m}"))
        w.add("chronicle/artifacts.ttl", f"artifact:m{m}", [
            ("a", "ck:Artifact"), ("ck:title", f'"Code of milestone {m}"'),
            ("ck:url", f"<https://example.org/code/{m}>"),
            ("ck:sourceKind", "<https://w3id.org/chronicle-kg/vocab/source-kind/code>")])
    if plant:
        w.plant(milestone, "MilestoneLevelMatchesLatestEvent")
    w.add("chronicle/milestones.ttl", milestone, pairs)
    for event, day, level, status in zip(events, days, levels, statuses, strict=True):
        w.add("chronicle/milestones.ttl", event, [
            ("a", "ck:VerificationEvent"), ("ck:date", _lit_date(day)),
            ("ck:verificationStatus", f"<https://w3id.org/chronicle-kg/vocab/verification-status/{status}>"),
            ("ck:evidenceLevel", f"<https://w3id.org/chronicle-kg/vocab/evidence-level/{level}>"),
            ("ck:citesSource", f"source:s{rng.randrange(sources)}")])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="a new directory to write the chronicle directory into")
    parser.add_argument("--triples", default="10k", help="about how many triples (10k, 100k, 1M, 5M)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    manifest = generate(args.out, parse_size(args.triples), args.seed)
    print(f"{args.out}: {manifest['systems']} systems, {manifest['score_claims']} score claims, "
          f"{len(manifest['planted'])} planted violations")


if __name__ == "__main__":
    main()
