"""Human-readable documentation of the ontology (pyLODE) and of every vocabulary, as the server and the
release ship it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import rdflib
from rdflib.namespace import OWL, RDF, SKOS

from chronicle_kg.errors import ChronicleError
from chronicle_kg.ontodocs import ontology_html, vocabulary_html, vocabulary_schemes
from chronicle_kg.project import Project

REPO = Path(__file__).resolve().parents[1]
CK = rdflib.Namespace("https://w3id.org/chronicle-kg/ontology#")
VOCAB = "https://w3id.org/chronicle-kg/vocab/"


@pytest.fixture(scope="module")
def project() -> Project:
    return Project.find(REPO)


@pytest.fixture(scope="module")
def ontology() -> rdflib.Graph:
    return rdflib.Graph().parse(REPO / "ontology" / "chronicle.ttl", format="turtle")


@pytest.fixture(scope="module")
def vocabularies() -> rdflib.Graph:
    return rdflib.Graph().parse(REPO / "ontology" / "vocabularies.ttl", format="turtle")


def test_ontology_page_documents_every_class_and_property(project, ontology):
    html = ontology_html(project)
    assert "<title>chronicle-kg ontology</title>" in html
    terms = [t for kind in (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty)
             for t in ontology.subjects(RDF.type, kind) if str(t).startswith(str(CK))]
    assert len(terms) > 80
    missing = [t for t in terms if str(t) not in html]
    assert missing == []
    assert "ReleaseDiff" in html and "superseded by" in html


def test_ontology_page_is_the_same_on_every_run(project):
    assert ontology_html(project) == ontology_html(project)


def test_every_vocabulary_has_a_page_listing_its_concepts_in_order(project, vocabularies):
    schemes = {str(s).removeprefix(VOCAB) for s in vocabularies.subjects(RDF.type, SKOS.ConceptScheme)}
    assert set(vocabulary_schemes(project)) == schemes
    for scheme in schemes:
        html = vocabulary_html(project, scheme)
        concepts = sorted(vocabularies.subjects(SKOS.inScheme, rdflib.URIRef(VOCAB + scheme)),
                          key=lambda c: vocabularies.value(c, CK.order).toPython())
        shown = re.findall(r'<tr id="([^"]+)">', html)
        assert shown == [str(vocabularies.value(c, SKOS.notation)) for c in concepts], scheme
        label = str(vocabularies.value(rdflib.URIRef(VOCAB + scheme), SKOS.prefLabel))
        assert f"<h1>{label}</h1>" in html


def test_evidence_level_page_shows_labels_and_definitions(project):
    html = vocabulary_html(project, "evidence-level")
    assert "<td>Research record</td>" in html and "<td>Inspectable artifact</td>" in html
    assert 'href="https://w3id.org/chronicle-kg/vocab/evidence-level/E3"' in html


def test_unknown_vocabulary_is_an_error_naming_the_known_ones(project):
    with pytest.raises(ChronicleError, match=r"no vocabulary 'evidence' in ontology/vocabularies.ttl "
                                             r"\(known: ai-role, claim-tier"):
        vocabulary_html(project, "evidence")


@pytest.mark.parametrize("scheme", ["Evidence-Level", "a b", "../ontology", "<x>"])
def test_a_malformed_vocabulary_name_is_an_error(project, scheme):
    with pytest.raises(ChronicleError, match="is not a valid slug"):
        vocabulary_html(project, scheme)
