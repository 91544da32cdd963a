"""What every importer writes with: one ImportContext per import holds the resolver, the triples, the
data set record and the report, and turns rows into entities and claims by the IRI scheme of
docs/model.md."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

from ..iris import CK, ID, VOCAB, claim_iri, concept_iri, entity_iri, slugify
from ..resolve import Resolver
from ..tabular import Row, Table, read_csv
from ..turtle import LABEL, RDF_TYPE, Literal, Triples

DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})")
_IRI_SAFE = re.compile(r"^https?://[^\s<>\"{}|\\^`]+$")


@dataclass(frozen=True)
class DataSetInfo:
    """The curated record of one data set (from its SOURCE.md, checked by hand)."""

    slug: str
    title: str
    description: str
    publisher: str  # org slug, curated in data/chronicle/organizations.ttl
    license: str | None  # license IRI (None when the copy states none)
    attribution: str
    version: str
    issued: str  # YYYY-MM-DD
    url: str


@dataclass(frozen=True)
class Importer:
    """One kind of import: its KIND name, the data set a path holds (and the file to read), and the
    function that reads a path."""

    kind: str
    describe: Callable[[Path], tuple[Path, DataSetInfo]]
    run: Callable[[Path, ImportContext], None]


def one_data_set(info: DataSetInfo) -> Callable[[Path], tuple[Path, DataSetInfo]]:
    """`describe` for an importer of a single data set."""
    return lambda path: (path, info)


@dataclass(frozen=True)
class Setting:
    """How a score was obtained; every part is in the claim's IRI, and unstated parts stay unstated."""

    shots: int | None = None
    metric_variant: str | None = None
    text: str | None = None  # the setting as the source words it ("OpenCompass default")
    extra: tuple[str, ...] = ()  # further identifying parts (precision, run id)

    def slug_parts(self) -> list[str]:
        parts = [] if self.shots is None else [f"{self.shots}-shot"]
        parts += [slugify(p) for p in (self.metric_variant, self.text, *self.extra) if p and slugify(p)]
        return parts


@dataclass
class ImportReport:
    """What an import did: counts, skipped rows with file:line and reason, new entities, conflicts."""

    dataset: str
    rows_read: int = 0
    claims: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)

    def skip(self, where: str, reason: str) -> None:
        self.skipped.append((where, reason))


@dataclass
class Score:
    """One score claim as an importer reads it (value already on the benchmark's scale)."""

    system: str
    benchmark: str
    value: Decimal
    source: str
    status: str  # evidence-status notation
    tier: str  # claim-tier notation
    setting: Setting = field(default_factory=Setting)
    measured: str | None = None
    evaluator: str | None = None
    evaluator_relation: str | None = None
    stderr: Decimal | None = None
    log: str | None = None
    note: str | None = None
    extra: dict[str, str] = field(default_factory=dict)  # further ck: string properties (modelType, ...)
    reproduced_by: str | None = None


class ImportContext:
    """Collects the triples of one data set's import."""

    def __init__(self, info: DataSetInfo, resolver: Resolver, links: dict[str, set[str]], tables: Path,
                 progress: Callable[[str], None]) -> None:
        self.info = info
        self.tables = tables  # data/import/: the curated tables importers read (benchmark mappings, ...)
        self._links = links
        self.resolver = resolver
        self.progress = progress
        self.triples = Triples()
        self.report = ImportReport(info.slug)
        self.dataset = entity_iri("dataset", info.slug)
        self._developers: dict[str, str] = {}
        self._sources: dict[str, tuple[str, str | None, str, str, str | None]] = {}
        self._values: dict[str, tuple[Decimal, str]] = {}
        self._facts: dict[str, tuple[Literal, str]] = {}
        self._write_dataset()

    def table(self, name: str, required: list[str]) -> Table:
        """One of the curated tables in data/import/."""
        return read_csv(self.tables / name, f"data/import/{name}", required)

    def read(self, path: Path, required: list[str]) -> Table:
        """A data set file, read strictly; its rows are counted as read."""
        table = read_csv(path, str(path), required)
        self.report.rows_read += len(table.rows)
        return table

    def rows(self, table: Table, every: int = 500) -> Iterator[Row]:
        """The rows of `table`, saying how far the import has got every `every` rows."""
        for number, row in enumerate(table.rows, 1):
            if number % every == 0:
                self.progress(f"{number} of {len(table.rows)} rows")
            yield row

    # entities

    def system(self, name: str, developer: str | None = None) -> str:
        """The IRI of a system by name; a new system remembers its first developer."""
        resolution = self.resolver.resolve("system", name)
        if resolution.minted and developer and resolution.iri not in self._developers:
            self._developers[resolution.iri] = developer
        return resolution.iri

    def developers(self, system: str) -> set[str]:
        """The organizations known to have developed a system (curated, or named by this import)."""
        found = set(self._links.get(system, set()))
        return found | ({self._developers[system]} if system in self._developers else set())

    def publisher(self, source: str) -> str | None:
        """The organization that published a source, when the graph or this import says."""
        curated = sorted(self._links.get(source, set()))
        return curated[0] if curated else (self._sources[source][4] if source in self._sources else None)

    def org(self, name: str) -> str:
        return self.resolver.resolve("org", name).iri

    def benchmark(self, name: str) -> str:
        return self.resolver.resolve("benchmark", name).iri

    def benchmark_facts(self, benchmark: str, metric: str, higher_is_better: bool, problem: str | None) -> None:
        """What a new benchmark measures and in which direction (curated benchmarks keep their own)."""
        if benchmark.rsplit("/", 1)[-1] in self.resolver.minted["benchmark"]:
            self.triples.add(benchmark, CK + "metric", Literal(metric))
            self.triples.add(benchmark, CK + "higherIsBetter", Literal.boolean(higher_is_better))
            if problem:
                self.triples.add(benchmark, CK + "measuresProblem", problem)

    def source(self, title: str, url: str | None, kind: str, tier: str, publisher: str | None = None) -> str:
        """The IRI of a cited source by title; a new one is declared with its URL, kind and tier."""
        resolution = self.resolver.resolve("source", title)
        if resolution.minted and resolution.iri not in self._sources:
            self._sources[resolution.iri] = (title.strip(), checked_url(url), kind, tier, publisher)
        return resolution.iri

    # claims

    def score(self, score: Score, where: str) -> None:
        """Add a score claim, or report it as a duplicate (same IRI) of an earlier row."""
        parts = [_slug(score.system), _slug(score.benchmark), _slug(score.source), self.info.slug]
        iri = claim_iri(*parts, *score.setting.slug_parts())
        if iri in self._values:
            value, first = self._values[iri]
            if value == score.value:
                self.report.skip(where, f"duplicate of {first} (same system, benchmark, source, setting, value)")
            else:
                self.report.conflicts.append(
                    f"{where}: {score.value} where {first} gives {value} for the same system, benchmark, "
                    "source and setting; the first is kept")
                self.report.skip(where, f"conflicts with {first}")
            return
        self._values[iri] = (score.value, where)
        add = self.triples.add
        add(iri, RDF_TYPE, CK + "ScoreClaim")
        add(iri, CK + "system", score.system)
        add(iri, CK + "benchmark", score.benchmark)
        add(iri, CK + "value", Literal.decimal(score.value))
        add(iri, CK + "citesSource", score.source)
        add(iri, CK + "fromDataSet", self.dataset)
        add(iri, CK + "evidenceStatus", concept_iri("evidence-status", score.status))
        add(iri, CK + "claimTier", concept_iri("claim-tier", score.tier))
        if score.setting.shots is not None:
            add(iri, CK + "shots", Literal.integer(score.setting.shots))
        if score.setting.metric_variant:
            add(iri, CK + "metricVariant", Literal(score.setting.metric_variant))
        if score.setting.text:
            add(iri, CK + "setting", Literal(score.setting.text))
        if score.measured:
            add(iri, CK + "measuredDate", Literal.date(score.measured))
        if score.evaluator:
            add(iri, CK + "evaluator", score.evaluator)
        if score.evaluator_relation:
            add(iri, CK + "evaluatorRelation", concept_iri("evaluator-relation", score.evaluator_relation))
        if score.reproduced_by:
            add(iri, CK + "reproducedBy", score.reproduced_by)
        if score.stderr is not None:
            add(iri, CK + "stderr", Literal.decimal(score.stderr))
        if score.log and checked_url(score.log):
            add(iri, CK + "evaluationLog", checked_url(score.log))
        if score.note:
            add(iri, CK + "note", Literal(score.note))
        for prop, text in sorted(score.extra.items()):
            if text:
                add(iri, CK + prop, Literal(text))
        self.report.claims += 1
        self.report.counts[f"claims {score.status}"] += 1

    def attribute(self, subject: str, attribute: str, value: Literal, source: str, where: str) -> None:
        """Add an attribute claim ({subject}--{attribute}--{dataset}); a second value for it is a conflict."""
        kebab = re.sub(r"(?<!^)(?=[A-Z])", "-", attribute).lower()
        iri = claim_iri(_slug(subject), kebab, self.info.slug)
        if iri in self._facts:
            first_value, first = self._facts[iri]
            if first_value != value:
                self.report.conflicts.append(f"{where}: {attribute} {value.lexical} where {first} gives "
                                             f"{first_value.lexical} for the same system; the first is kept")
            return
        self._facts[iri] = (value, where)
        for predicate, obj in ((RDF_TYPE, CK + "AttributeClaim"), (CK + "subject", subject),
                               (CK + "attribute", CK + attribute), (CK + "attributeValue", value),
                               (CK + "citesSource", source), (CK + "fromDataSet", self.dataset)):
            self.triples.add(iri, predicate, obj)
        self.report.counts["attribute claims"] += 1

    # the graph

    def finish(self) -> Triples:
        """Declare every entity the import minted, and return all triples."""
        add = self.triples.add
        kinds = {"system": "System", "org": "Organization", "benchmark": "Benchmark"}
        for kind, cls in kinds.items():
            for slug, minted in self.resolver.minted[kind].items():
                iri = entity_iri(kind, slug)
                add(iri, RDF_TYPE, CK + cls)
                add(iri, LABEL, Literal(slug))
                for name in minted.names:
                    if name != slug:
                        add(iri, CK + "altName", Literal(name))
                if iri in self._developers:
                    add(iri, CK + "developedBy", self._developers[iri])
        for iri, (title, url, kind, tier, publisher) in self._sources.items():
            add(iri, RDF_TYPE, CK + "Source")
            add(iri, CK + "title", Literal(title))
            add(iri, CK + "sourceKind", concept_iri("source-kind", kind))
            add(iri, CK + "sourceTier", concept_iri("source-tier", tier))
            if url:
                add(iri, CK + "url", url)
            else:
                add(iri, CK + "identifier", Literal(f"title:{title}"))
            if publisher:
                add(iri, CK + "publisher", publisher)
        self.report.counts["new entities"] = sum(len(m) for m in self.resolver.minted.values())
        return self.triples

    def _write_dataset(self) -> None:
        info, add, iri = self.info, self.triples.add, self.dataset
        add(iri, RDF_TYPE, CK + "DataSet")
        add(iri, CK + "title", Literal(info.title))
        add(iri, CK + "description", Literal(info.description))
        add(iri, CK + "publisher", entity_iri("org", info.publisher))
        if info.license:
            add(iri, CK + "license", info.license)
        add(iri, CK + "attribution", Literal(info.attribution))
        add(iri, CK + "version", Literal(info.version))
        add(iri, CK + "issued", Literal.date(info.issued))
        add(iri, CK + "url", info.url)


def checked_url(url: str | None) -> str | None:
    """A URL usable as an IRI, or None (spaces and other characters IRIs forbid make it unusable)."""
    url = (url or "").strip()
    return url if _IRI_SAFE.match(url) else None


def parse_decimal(text: str) -> Decimal | None:
    """A number as written ("75.6", "0.781", "1e-3"), or None when it is not one."""
    try:
        value = Decimal(text.strip().rstrip("%").strip())
    except (InvalidOperation, ValueError):
        return None
    return value if value.is_finite() else None


def parse_date(text: str) -> str | None:
    """The YYYY-MM-DD at the start of a date or timestamp, or None."""
    match = DATE.match(text.strip())
    return match.group(1) if match and _valid_date(match.group(1)) else None


def _valid_date(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def parse_shots(text: str) -> int | None:
    """The shot count in "5", "5-shot", "0-shot" or "5 shot", or None."""
    match = re.match(r"^\s*(\d+)\s*(?:-?\s*shots?)?\s*$", text or "", re.IGNORECASE)
    return int(match.group(1)) if match else None


def vocab(scheme: str, notation: str) -> str:
    return f"{VOCAB}{scheme}/{notation}"


def _slug(iri: str) -> str:
    return iri[len(ID):].split("/", 1)[1]
