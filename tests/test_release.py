"""`chronicle release`, `chronicle diff` and `chronicle query --as-of`, as consumers and curators use them.

One copy of the repository is released as 1.0.0; then the worked correction of
tests/fixtures/releases/correction.ttl is added (the ARC AI2 claim superseded by a 25-shot claim, a new
organization), the LAMBADA value edited in place and internlm-math's evidence level lowered from E3 to E2,
and the copy is released as 1.1.0.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pyoxigraph
import pytest
import rdflib
from rdflib.namespace import DCAT, DCTERMS, RDF, RDFS, VOID, XSD

from conftest import REPO, Chronicle, copy_repository
from test_queries import EMPTY_ON_SEED

# rdflib's own parsers use its deprecated ConjunctiveGraph API internally
pytestmark = [pytest.mark.filterwarnings("ignore:Dataset.default_context is deprecated:DeprecationWarning"),
              pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated:DeprecationWarning")]

CK = rdflib.Namespace("https://w3id.org/chronicle-kg/ontology#")
DCAT3 = rdflib.Namespace(str(DCAT))  # rdflib's DCAT namespace predates DCAT 3 (dcat:version, dcat:previousVersion)
CLAIM = "https://w3id.org/chronicle-kg/id/claim/"
RELEASE = "https://w3id.org/chronicle-kg/release/"
ARC = CLAIM + "internlm-20b--arc-ai2--qwen-technical-report--epoch-benchmarks"
ARC_25_SHOT = ARC + "--25-shot"
LAMBADA = CLAIM + "internlm-20b--lambada--qwen-technical-report--epoch-benchmarks"
CORRECTION = "https://w3id.org/chronicle-kg/id/correction/internlm-20b--arc-ai2--25-shot"
MILESTONE = "https://w3id.org/chronicle-kg/id/milestone/internlm-math"
LEVEL = "https://w3id.org/chronicle-kg/vocab/evidence-level/"
DUMPS = ("chronicle.ttl", "chronicle.nt", "chronicle.jsonld", "chronicle.trig", "chronicle.nq")
GRAPHS = {f"https://w3id.org/chronicle-kg/graph/{g}" for g in
          ("ontology", "vocabularies", "chronicle", "epoch-benchmarks", "curated-param-counts", "leaderboard-ranks")}
SAMPLE_ARGUMENTS = {"system": "internlm-20b", "benchmark": "arc-ai2", "milestone": "internlm-math",
                    "entity": "internlm-20b", "date": "2025-01-01", "org": "shanghai-ai-laboratory"}


@dataclass(frozen=True)
class Released:
    root: Path

    def dir(self, version: str) -> Path:
        return self.root / "dist" / version


def _correct(root: Path) -> None:
    """The curator's work between the two releases."""
    shutil.copy(REPO / "tests" / "fixtures" / "releases" / "correction.ttl", root / "data" / "epoch-benchmarks")
    scores = root / "data" / "epoch-benchmarks" / "scores.ttl"
    text = scores.read_text(encoding="utf-8")
    assert text.count("ck:value 71.8 ;") == 1, "the LAMBADA claim changed: update the test's edit"
    scores.write_text(text.replace("ck:value 71.8 ;", "ck:value 72.0 ;"), encoding="utf-8")
    milestones = root / "data" / "chronicle" / "milestones.ttl"
    text = milestones.read_text(encoding="utf-8")
    assert text.count("ck:evidenceLevel evidence-level:E3 ;") == 2, "internlm-math changed: update the test's edit"
    milestones.write_text(text.replace("ck:evidenceLevel evidence-level:E3 ;", "ck:evidenceLevel evidence-level:E2 ;"),
                          encoding="utf-8")  # the milestone and its latest verification event, re-assessed


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Released:
    root = copy_repository(tmp_path_factory.mktemp("released") / "chronicle")
    chronicle = Chronicle()
    first = chronicle("--root", root, "release", "1.0.0", "--date", "2026-11-01")
    assert first.exit_code == 0, str(first)
    _correct(root)
    second = chronicle("--root", root, "release", "1.1.0", "--date", "2026-12-01")
    assert second.exit_code == 0, str(second)
    return Released(root)


def _files(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_release_writes_dumps_gzip_copies_void_docs_and_checksums(released):
    names = set(_files(released.dir("1.0.0")))
    expected = {*DUMPS, *(d + ".gz" for d in DUMPS), "void.ttl", "SHA256SUMS", "docs/ontology.html",
                "docs/vocab/evidence-level.html", "docs/vocab/evidence-status.html"}
    assert expected <= names
    assert {n for n in names if n.startswith("docs/vocab/")} == {
        f"docs/vocab/{s}.html" for s in ("ai-role", "claim-tier", "evaluation-regime", "evaluator-relation",
                                         "evidence-level", "evidence-status", "formal-assurance", "interface",
                                         "novelty-kind", "significance", "size-class", "source-kind",
                                         "source-tier", "verification-status")}
    assert not [p for p in (released.root / "dist").iterdir() if p.name.startswith(".")], "a temp dir was left"


def test_two_releases_of_the_same_input_are_byte_identical(chronicle, released, tmp_path):
    other = copy_repository(tmp_path / "again")
    run = chronicle("--root", other, "release", "1.0.0", "--date", "2026-11-01")
    assert run.exit_code == 0, str(run)
    assert _files(other / "dist" / "1.0.0") == _files(released.dir("1.0.0"))


def test_sha256sums_cover_every_file_in_sha256sum_format(released):
    directory = released.dir("1.1.0")
    files = _files(directory)
    listed = dict(reversed(line.split("  ", 1)) for line in files.pop("SHA256SUMS").decode().splitlines())
    assert listed == {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}


def test_gzip_copies_are_deterministic_and_decompress_to_the_dumps(released):
    directory = released.dir("1.0.0")
    for name in DUMPS:
        packed = (directory / f"{name}.gz").read_bytes()
        assert packed[4:8] == b"\0\0\0\0", f"{name}.gz records a modification time"
        assert not packed[3] & 0x08, f"{name}.gz records a file name"
        assert gzip.decompress(packed) == (directory / name).read_bytes()


def _void(released: Released, version: str) -> tuple[rdflib.Graph, rdflib.URIRef]:
    graph = rdflib.Graph().parse(released.dir(version) / "void.ttl", format="turtle")
    return graph, rdflib.URIRef(RELEASE + version)


def test_void_counts_the_triples_classes_and_properties_of_the_dump(released):
    graph, release = _void(released, "1.0.0")
    dump = rdflib.Graph().parse(released.dir("1.0.0") / "chronicle.nt", format="nt")
    assert graph.value(release, VOID.triples).toPython() == len(dump)
    assert graph.value(release, VOID.classes).toPython() == len(set(dump.objects(None, RDF.type)))
    assert graph.value(release, VOID.properties).toPython() == len(set(dump.predicates()))
    partitions = {graph.value(p, VOID["class"]): graph.value(p, VOID.entities).toPython()
                  for p in graph.objects(release, VOID.classPartition)}
    assert partitions[CK.ScoreClaim] == len(set(dump.subjects(RDF.type, CK.ScoreClaim))) == 6
    properties = {graph.value(p, VOID.property): graph.value(p, VOID.triples).toPython()
                  for p in graph.objects(release, VOID.propertyPartition)}
    assert properties[CK.value] == len(set(dump.triples((None, CK.value, None))))
    assert set(properties) == set(dump.predicates())


def test_void_names_version_issue_date_previous_release_endpoint_and_dumps(released):
    first, first_iri = _void(released, "1.0.0")
    graph, release = _void(released, "1.1.0")
    assert graph.value(release, DCAT3.version) == rdflib.Literal("1.1.0")
    assert graph.value(release, DCTERMS.issued) == rdflib.Literal("2026-12-01", datatype=XSD.date)
    assert graph.value(release, DCAT3.previousVersion) == first_iri
    assert first.value(first_iri, DCAT3.previousVersion) is None
    assert graph.value(release, VOID.sparqlEndpoint) == rdflib.URIRef("https://w3id.org/chronicle-kg/sparql")
    dumps = {str(d) for d in graph.objects(release, VOID.dataDump)}
    assert dumps == {f"{release}/{name}{gz}" for name in DUMPS for gz in ("", ".gz")}
    nt = rdflib.URIRef(f"{release}/chronicle.nt")
    assert graph.value(nt, DCAT.byteSize).toPython() == (released.dir("1.1.0") / "chronicle.nt").stat().st_size
    assert graph.value(nt, DCAT.mediaType) == rdflib.URIRef(
        "https://www.iana.org/assignments/media-types/application/n-triples")


def test_void_lists_each_data_set_with_license_and_attribution(released):
    graph, release = _void(released, "1.0.0")
    subsets = {graph.value(s, DCTERMS.identifier): s for s in graph.objects(release, VOID.subset)}
    assert set(map(str, subsets)) == GRAPHS
    epoch = subsets[rdflib.URIRef("https://w3id.org/chronicle-kg/graph/epoch-benchmarks")]
    assert graph.value(epoch, DCTERMS.license) == rdflib.URIRef("https://creativecommons.org/licenses/by/4.0/")
    assert graph.value(epoch, CK.attribution) == rdflib.Literal("chronicle-kg seed records, CC BY 4.0")
    assert graph.value(epoch, DCTERMS.title) == rdflib.Literal("epoch_benchmarks")
    assert graph.value(release, DCTERMS.license) == rdflib.URIRef("https://creativecommons.org/licenses/by/4.0/")


@pytest.mark.parametrize("name", ["chronicle.trig", "chronicle.nq"])
def test_dataset_dumps_hold_one_named_graph_per_data_set(released, name):
    dataset = rdflib.Dataset()
    dataset.parse(released.dir("1.0.0") / name, format="trig" if name.endswith("trig") else "nquads")
    named = {str(g.identifier) for g in dataset.graphs() if len(g) and g.identifier != rdflib.graph.DATASET_DEFAULT_GRAPH_ID}
    assert named == GRAPHS


def test_jsonld_dump_uses_the_published_context(released):
    document = json.loads((released.dir("1.0.0") / "chronicle.jsonld").read_text(encoding="utf-8"))
    context = json.loads((REPO / "ontology" / "context.jsonld").read_text(encoding="utf-8"))
    assert document["@context"] == context["@context"]
    assert any(node.get("@type") == "ck:ScoreClaim" for node in document["@graph"])
    parsed = rdflib.Graph().parse(data=json.dumps(document), format="json-ld")
    assert len(parsed) == len(rdflib.Graph().parse(released.dir("1.0.0") / "chronicle.nt", format="nt"))


def _python(term: object) -> object:
    """A result term as a comparable value, from pyoxigraph or rdflib alike."""
    if isinstance(term, pyoxigraph.Literal):
        plain = term.datatype.value == str(XSD.string) or term.language
        term = rdflib.Literal(term.value, lang=term.language,
                              datatype=None if plain else rdflib.URIRef(term.datatype.value))
    if isinstance(term, rdflib.Literal):
        return term.toPython() if term.datatype else str(term)
    return None if term is None else getattr(term, "value", str(term))


@pytest.mark.slow
@pytest.mark.parametrize("version", ["1.0.0", "1.1.0"])
def test_every_canned_query_gives_the_same_rows_on_a_fresh_oxigraph_and_a_fresh_rdflib(released, version):
    from chronicle_kg.catalogue import catalogue
    from chronicle_kg.query import bind_arguments, with_values

    dump = released.dir(version) / "chronicle.nq"
    oxigraph = pyoxigraph.Store()
    oxigraph.bulk_load(path=str(dump), format=pyoxigraph.RdfFormat.N_QUADS)
    dataset = rdflib.Dataset(default_union=True)
    dataset.parse(dump, format="nquads")
    queries = catalogue(released.root / "queries")
    assert len(queries) >= 15
    for query in queries:
        arguments = {p.name: SAMPLE_ARGUMENTS[p.name] for p in query.parameters if p.required}
        text = with_values(query.text, bind_arguments(query, arguments))
        solutions = oxigraph.query(text, use_default_graph_as_union=True)
        variables = [v.value for v in solutions.variables]
        expected = [[_python(s[v]) for v in variables] for s in solutions]
        actual = [[_python(row[v]) for v in variables] for row in dataset.query(text)]
        assert actual == expected, f"{query.name} on release {version}: rdflib and Oxigraph disagree"
        assert expected or query.name in EMPTY_ON_SEED, f"{query.name} gave no rows: pick arguments"


rapper = shutil.which("rapper")


@pytest.mark.skipif(rapper is None, reason="Debian's raptor2-utils (rapper) is not installed; .ci/run installs it")
@pytest.mark.parametrize(("name", "syntax"), [("chronicle.ttl", "turtle"), ("chronicle.nt", "ntriples"),
                                              ("chronicle.trig", "trig"), ("chronicle.nq", "nquads")])
def test_rapper_parses_the_dumps_and_counts_the_same_triples(released, name, syntax):
    directory = released.dir("1.1.0")
    run = subprocess.run([rapper, "-i", syntax, "-c", str(directory / name)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    triples = len((directory / "chronicle.nt").read_text(encoding="utf-8").splitlines())
    assert f"Parsing returned {triples} triples" in run.stderr


def test_release_refuses_an_existing_version_and_leaves_it_untouched(chronicle, released):
    before = _files(released.dir("1.0.0"))
    run = chronicle("--root", released.root, "release", "1.0.0", "--date", "2027-01-01")
    assert run.exit_code == 2
    assert "release 1.0.0 was made already" in run.stderr and "choose a higher version" in run.stderr
    assert _files(released.dir("1.0.0")) == before


@pytest.mark.parametrize("version", ["v1.0.0", "1.0", "01.0.0", "1.0.0-rc1", "latest"])
def test_release_refuses_a_malformed_version(chronicle, repo_copy, version):
    run = chronicle("--root", repo_copy, "release", version, "--date", "2026-11-01")
    assert run.exit_code == 2
    assert f"version {version!r} is malformed: write MAJOR.MINOR.PATCH" in run.stderr
    assert not (repo_copy / "dist").exists()


def test_release_refuses_a_malformed_date(chronicle, repo_copy):
    run = chronicle("--root", repo_copy, "release", "1.0.0", "--date", "1 Nov 2026")
    assert run.exit_code == 2 and "--date '1 Nov 2026' is not a date: write YYYY-MM-DD" in run.stderr


def test_release_takes_the_issue_date_from_source_date_epoch(chronicle, repo_copy):
    run = chronicle("--root", repo_copy, "release", "0.1.0", env={"SOURCE_DATE_EPOCH": "1790000000"})
    assert run.exit_code == 0, str(run)
    void = rdflib.Graph().parse(repo_copy / "dist" / "0.1.0" / "void.ttl", format="turtle")
    assert void.value(rdflib.URIRef(RELEASE + "0.1.0"), DCTERMS.issued).toPython().isoformat() == "2026-09-21"


def test_release_writes_nothing_when_the_graph_does_not_conform(chronicle, repo_copy):
    scores = repo_copy / "data" / "epoch-benchmarks" / "scores.ttl"
    scores.write_text(scores.read_text(encoding="utf-8").replace("ck:value 71.8 ;", "ck:value 171.8 ;"),
                      encoding="utf-8")
    run = chronicle("--root", repo_copy, "release", "1.0.0", "--date", "2026-11-01")
    assert run.exit_code == 1
    assert not (repo_copy / "dist").exists()


def test_query_as_of_answers_from_that_release(chronicle, released):
    def scores(*as_of: str) -> list[str]:
        run = chronicle("--root", released.root, "query", "leaderboard", "--param", "benchmark=arc-ai2",
                        "--format", "csv", *as_of)
        assert run.exit_code == 0, str(run)
        return run.out_lines

    assert scores("--as-of", "1.0.0")[1].startswith("1,internlm-20b,75.6,")
    assert scores("--as-of", "1.1.0")[1].startswith("1,internlm-20b,74.9,")
    assert scores() == scores("--as-of", "1.1.0")


def test_query_as_of_an_unknown_release_names_the_releases(chronicle, released):
    run = chronicle("--root", released.root, "query", "scorecard", "--param", "system=internlm-20b",
                    "--as-of", "2.0.0")
    assert run.exit_code == 2
    assert "no release 2.0.0" in run.stderr and "releases: 1.0.0, 1.1.0" in run.stderr


def test_query_as_of_and_another_store_are_refused_together(chronicle, released, tmp_path):
    run = chronicle("--root", released.root, "--store", f"oxigraph:{tmp_path / 'store'}", "query", "scorecard",
                    "--param", "system=internlm-20b", "--as-of", "1.0.0")
    assert run.exit_code == 2 and "--as-of reads release 1.0.0 from dist/" in run.stderr


def test_query_as_of_refuses_a_release_changed_after_it_was_made(chronicle, released, tmp_path):
    root = tmp_path / "tampered"
    shutil.copytree(released.root, root)
    dump = root / "dist" / "1.0.0" / "chronicle.nq"
    dump.write_bytes(dump.read_bytes().replace(b'"75.6"', b'"95.6"'))
    run = chronicle("--root", root, "query", "scorecard", "--param", "system=internlm-20b", "--as-of", "1.0.0")
    assert run.exit_code == 2 and "its SHA-256 is not the one SHA256SUMS records" in run.stderr


def test_corrected_claim_stays_in_the_release_marked_superseded(chronicle, released):
    def benchmarks(*extra: str) -> list[tuple[str, str]]:
        run = chronicle("--root", released.root, "query", "scorecard", "--param", "system=internlm-20b",
                        "--format", "json", "--as-of", "1.1.0", *extra)
        assert run.exit_code == 0, str(run)
        rows = json.loads(run.stdout)["results"]["bindings"]
        return sorted((r["benchmark"]["value"], r["score"]["value"]) for r in rows if r["benchmark"]["value"] == "ARC AI2")

    assert benchmarks() == [("ARC AI2", "74.9")]
    assert benchmarks("--param", "include_superseded=true") == [("ARC AI2", "74.9"), ("ARC AI2", "75.6")]


def test_diff_lists_added_changed_and_corrected_claims_as_markdown(chronicle, released):
    run = chronicle("--root", released.root, "diff", "1.0.0", "1.1.0")
    assert run.exit_code == 0, str(run)
    assert run.out_lines[0] == "# Changes from 1.0.0 to 1.1.0"
    assert ("1 claims or milestones added, 0 removed, 2 changed; 1 entities added, 0 removed; "
            "1 corrections made.") in run.out_lines
    assert ("| `claim/internlm-20b--arc-ai2--qwen-technical-report--epoch-benchmarks--25-shot` | "
            "internlm-20b · ARC AI2 (epoch_benchmarks) |") in run.out_lines
    assert ("| `claim/internlm-20b--lambada--qwen-technical-report--epoch-benchmarks` | "
            "internlm-20b · LAMBADA (epoch_benchmarks) | value | 71.8 | 72 |") in run.out_lines
    assert ("| `milestone/internlm-math` | InternLM-Math unifies informal, tool-assisted and formal mathematical "
            "reasoning | evidence level | Inspectable artifact | Research record |") in run.out_lines
    assert "| `org/example-lab` | organization | Example Lab |" in run.out_lines
    correction = next(line for line in run.out_lines if "`correction/internlm-20b--arc-ai2--25-shot`" in line)
    assert correction.startswith("| 2026-10-01 |") and correction.endswith("| chronicle-kg |")
    assert "ARC AI2 score 75.6 replaced by the 25-shot figure 74.9." in correction


def test_diff_as_rdf_names_the_changes_with_the_ontology_terms(chronicle, released):
    run = chronicle("--root", released.root, "diff", "1.0.0", "1.1.0", "--format", "ttl")
    assert run.exit_code == 0, str(run)
    graph = rdflib.Graph().parse(data=run.stdout, format="turtle")
    diff = rdflib.URIRef("https://w3id.org/chronicle-kg/diff/1.0.0--1.1.0")
    assert graph.value(diff, RDF.type) == CK.ReleaseDiff
    assert graph.value(diff, CK.fromRelease) == rdflib.URIRef(RELEASE + "1.0.0")
    assert set(graph.objects(diff, CK.addedRecord)) == {rdflib.URIRef(ARC_25_SHOT)}
    assert set(graph.objects(diff, CK.newCorrection)) == {rdflib.URIRef(CORRECTION)}
    changes = {graph.value(c, CK.changedRecord): c for c in graph.objects(diff, CK.recordChange)}
    assert set(changes) == {rdflib.URIRef(LAMBADA), rdflib.URIRef(MILESTONE)}
    level = changes[rdflib.URIRef(MILESTONE)]
    assert graph.value(level, CK.changedProperty) == CK.evidenceLevel
    assert (graph.value(level, CK.oldConcept), graph.value(level, CK.newConcept)) == (
        rdflib.URIRef(LEVEL + "E3"), rdflib.URIRef(LEVEL + "E2"))
    change = changes[rdflib.URIRef(LAMBADA)]
    assert graph.value(change, CK.changedRecord) == rdflib.URIRef(LAMBADA)
    assert graph.value(change, CK.changedProperty) == CK.value
    assert (graph.value(change, CK.oldValue).toPython(), graph.value(change, CK.newValue).toPython()) == (
        Decimal("71.8"), Decimal("72"))
    ontology = rdflib.Graph().parse(REPO / "ontology" / "chronicle.ttl", format="turtle")
    used = {p for p in graph.predicates() if str(p).startswith(str(CK))} | set(graph.objects(None, RDF.type))
    assert {t for t in used if (t, RDFS.label, None) not in ontology} == set(), "diff terms missing from ontology"


def test_diff_of_a_release_and_the_current_graph_it_was_made_from_is_empty(chronicle, released):
    run = chronicle("--root", released.root, "diff", "1.1.0", "current")
    assert run.exit_code == 0, str(run)
    assert run.out_lines[2] == ("0 claims or milestones added, 0 removed, 0 changed; 0 entities added, "
                                "0 removed; 0 corrections made.")


def test_diff_refuses_what_is_neither_a_version_nor_current(chronicle, released):
    run = chronicle("--root", released.root, "diff", "1.0.0", "latest")
    assert run.exit_code == 2
    assert "'latest' is neither a release version (MAJOR.MINOR.PATCH) nor 'current'" in run.stderr


def test_readme_release_commands_run_in_order(chronicle, repo_copy):
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Releases\n"):]
    block = section[section.index("```sh\n") + 6:section.index("\n```", section.index("```sh\n"))]
    commands = [line.split("#", 1)[0].split() for line in block.splitlines() if line.split("#", 1)[0].strip()]
    assert [c[:2] for c in commands] == [["chronicle", "release"], ["chronicle", "diff"], ["chronicle", "release"],
                                         ["chronicle", "diff"], ["chronicle", "query"]]
    for command in commands:
        run = chronicle("--root", repo_copy, *command[1:])
        assert run.exit_code == 0, str(run)
    assert sorted(p.name for p in (repo_copy / "dist").iterdir()) == ["1.0.0", "1.1.0"]


@pytest.mark.parametrize(("query", "arguments"), [("scorecard-status-counts", ["--param", "system=internlm-20b"]),
                                                  ("evidence-summary", [])])
def test_claim_counts_leave_superseded_claims_out_unless_asked(chronicle, released, query, arguments):
    def self_reported(*extra: str) -> list[str]:
        """The rows counting internlm-20b's self-reported claims (of its data set or its developer)."""
        run = chronicle("--root", released.root, "query", query, *arguments, "--format", "csv",
                        "--as-of", "1.1.0", *extra)
        assert run.exit_code == 0, str(run)
        return [line for line in run.out_lines if ",self-reported," in line or line.startswith("self-reported,")]

    current, everything = self_reported(), self_reported("--param", "include_superseded=true")
    assert current and all(",5," in row for row in current), current  # the superseded ARC AI2 claim left out
    assert [row.replace(",5,", ",6,") for row in current] == everything
