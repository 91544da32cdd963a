"""The IRI scheme of docs/model.md: namespaces, slugs, and minting instance IRIs in one place.

>>> entity_iri("system", "internlm-20b")
'https://w3id.org/chronicle-kg/id/system/internlm-20b'
>>> claim_slug("internlm-20b", "arc-ai2", "qwen-technical-report", "epoch-benchmarks")
'internlm-20b--arc-ai2--qwen-technical-report--epoch-benchmarks'
>>> slugify("InternLM2-Math 7B (Base)")
'internlm2-math-7b-base'
>>> entity_iri("system", "InternLM")
Traceback (most recent call last):
...
chronicle_kg.errors.InvalidSlug: 'InternLM' is not a valid slug: use lower-case ASCII letters, digits and single hyphens, e.g. 'internlm'
"""

from __future__ import annotations

import re
import unicodedata

from .errors import InvalidSlug

BASE = "https://w3id.org/chronicle-kg/"
ONTOLOGY = BASE + "ontology"
CK = ONTOLOGY + "#"
VOCAB = BASE + "vocab/"
ID = BASE + "id/"
GRAPH = BASE + "graph/"
SHAPES = BASE + "shapes#"

ENTITY_KINDS = (
    "system", "org", "benchmark", "claim", "milestone", "event", "correction",
    "problem", "method", "source", "artifact", "dataset",
)
SCHEMES = (
    "evidence-status", "evidence-level", "significance", "source-tier", "claim-tier", "source-kind",
    "verification-status", "ai-role", "formal-assurance", "evaluation-regime", "interface",
    "size-class", "novelty-kind", "evaluator-relation",
)

# Turtle forbids '/' in prefixed names: one prefix per instance kind and per vocabulary scheme.
PREFIXES: dict[str, str] = {
    "ck": CK,
    "vocab": VOCAB,
    "id": ID,
    "graph": GRAPH,
    "cks": SHAPES,
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "dcterms": "http://purl.org/dc/terms/",
    "dcat": "http://www.w3.org/ns/dcat#",
    "prov": "http://www.w3.org/ns/prov#",
    "schema": "https://schema.org/",
    "vann": "http://purl.org/vocab/vann/",
    **{kind: f"{ID}{kind}/" for kind in ENTITY_KINDS},
    **{scheme: f"{VOCAB}{scheme}/" for scheme in SCHEMES},
}


_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def slugify(text: str) -> str:
    """Turn a name into a slug: ASCII-fold, lower-case, runs of other characters become one hyphen."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")


def check_slug(slug: str) -> str:
    """Return the slug unchanged, or raise InvalidSlug saying what a valid one looks like."""
    if not _SLUG.match(slug):
        suggestion = slugify(slug) or "a-name"
        raise InvalidSlug(
            f"{slug!r} is not a valid slug: use lower-case ASCII letters, digits and single hyphens, "
            f"e.g. {suggestion!r}"
        )
    return slug


def entity_iri(kind: str, slug: str) -> str:
    """The IRI of an instance: id/{kind}/{slug}."""
    if kind not in ENTITY_KINDS:
        raise InvalidSlug(f"unknown entity kind {kind!r}: use one of {', '.join(ENTITY_KINDS)}")
    return f"{ID}{kind}/{check_slug(slug)}"


def claim_slug(*parts: str) -> str:
    """A claim's slug from the slugs of what identifies it, joined with '--'."""
    return "--".join(check_slug(part) for part in parts)


def claim_iri(*parts: str) -> str:
    """The IRI of a claim whose slug joins the slugs of what identifies it (see claim_slug)."""
    return f"{ID}claim/{claim_slug(*parts)}"


def graph_iri(name: str) -> str:
    """The IRI of a named graph (ontology, vocabularies, or a data set's slug)."""
    return GRAPH + check_slug(name)


RANKS_GRAPH = GRAPH + "leaderboard-ranks"  # derived on load (ranks.py), never a data set's name


def concept_iri(scheme: str, notation: str) -> str:
    """The IRI of a controlled-vocabulary concept."""
    return f"{VOCAB}{check_slug(scheme)}/{notation}"

RELEASES = BASE + "release/"
SPARQL_ENDPOINT = BASE + "sparql"


def release_iri(version: str) -> str:
    """The IRI of a release; its files are published under it (`{release}/chronicle.ttl`).

    >>> release_iri("1.2.0")
    'https://w3id.org/chronicle-kg/release/1.2.0'
    """
    return RELEASES + version
