"""The VoID + DCAT description of a release (void.ttl): what the graph holds, from the graph itself
(src/chronicle_kg/sparql/void.rq), and where its dumps are published."""

from __future__ import annotations

from datetime import date

import rdflib
from rdflib.namespace import DCAT, DCTERMS, RDF, VOID, XSD

from .formats import RdfFormat, by_name
from .iris import CK, ID, PREFIXES, SPARQL_ENDPOINT, VOCAB, release_iri
from .query import internal_query, with_values
from .store import Store

GZIP = rdflib.URIRef("https://www.iana.org/assignments/media-types/application/gzip")
VOID_PREFIXES = {**{k: PREFIXES[k] for k in ("ck", "rdf", "xsd", "dcterms", "dcat", "prov")},
                 "void": str(VOID)}


def media_type_iri(media_type: str) -> rdflib.URIRef:
    """A media type as DCAT names it: its IANA registry IRI."""
    return rdflib.URIRef(f"https://www.iana.org/assignments/media-types/{media_type}")


def describe(store: Store, version: str, issued: date, previous: str | None,
             dumps: list[tuple[str, RdfFormat, int, bool]]) -> bytes:
    """void.ttl for release `version` of the graph in `store`; `dumps` lists each published file as
    (file name, format, size in bytes, gzip-compressed)."""
    release = rdflib.URIRef(release_iri(version))
    bindings = {
        "release": release,
        "version": rdflib.Literal(version),
        "issued": rdflib.Literal(issued, datatype=XSD.date),
        "previous": rdflib.URIRef(release_iri(previous)) if previous else None,
        "endpoint": rdflib.URIRef(SPARQL_ENDPOINT),
    }
    description = store.construct(with_values(internal_query("void"), bindings))
    triples = [
        (release, VOID.vocabulary, rdflib.URIRef(CK)),
        (release, VOID.vocabulary, rdflib.URIRef(VOCAB)),
        (release, VOID.uriSpace, rdflib.Literal(ID)),
    ]
    for name, fmt, size, compressed in dumps:
        url = rdflib.URIRef(f"{release}/{name}")
        triples += [
            (release, VOID.dataDump, url),
            (release, DCAT.distribution, url),
            (url, RDF.type, DCAT.Distribution),
            (url, DCAT.downloadURL, url),
            (url, DCAT.mediaType, media_type_iri(fmt.media_type)),
            (url, DCAT.byteSize, rdflib.Literal(size, datatype=XSD.nonNegativeInteger)),
            (url, DCTERMS.title, rdflib.Literal(f"{fmt.name}{' (gzip)' if compressed else ''}")),
        ]
        if compressed:
            triples.append((url, DCAT.compressFormat, GZIP))
    description.add(triples)
    return description.dump(by_name("turtle"), VOID_PREFIXES)
