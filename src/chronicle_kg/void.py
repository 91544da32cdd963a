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
    release = release_iri(version)
    description = description_of(store, release, version, SPARQL_ENDPOINT,
                                 [(f"{release}/{name}", fmt, size, compressed) for name, fmt, size, compressed in dumps],
                                 issued, release_iri(previous) if previous else None)
    return description.dump(by_name("turtle"), VOID_PREFIXES)


def description_of(store: Store, subject: str, version: str, endpoint: str,
                   dumps: list[tuple[str, RdfFormat, int, bool]], issued: date | None = None,
                   previous: str | None = None) -> Store:
    """The VoID + DCAT description of the graph in `store` as data set `subject`, queried at `endpoint`, with
    its dumps as (download URL, format, size in bytes, gzip-compressed)."""
    dataset = rdflib.URIRef(subject)
    bindings = {
        "release": dataset,
        "version": rdflib.Literal(version),
        "issued": rdflib.Literal(issued, datatype=XSD.date) if issued else None,
        "previous": rdflib.URIRef(previous) if previous else None,
        "endpoint": rdflib.URIRef(endpoint),
    }
    description = store.construct(with_values(internal_query("void"), bindings))
    triples = [
        (dataset, VOID.vocabulary, rdflib.URIRef(CK)),
        (dataset, VOID.vocabulary, rdflib.URIRef(VOCAB)),
        (dataset, VOID.uriSpace, rdflib.Literal(ID)),
    ]
    for download, fmt, size, compressed in dumps:
        url = rdflib.URIRef(download)
        triples += [
            (dataset, VOID.dataDump, url),
            (dataset, DCAT.distribution, url),
            (url, RDF.type, DCAT.Distribution),
            (url, DCAT.downloadURL, url),
            (url, DCAT.mediaType, media_type_iri(fmt.media_type)),
            (url, DCAT.byteSize, rdflib.Literal(size, datatype=XSD.nonNegativeInteger)),
            (url, DCTERMS.title, rdflib.Literal(f"{fmt.name}{' (gzip)' if compressed else ''}")),
        ]
        if compressed:
            triples.append((url, DCAT.compressFormat, GZIP))
    description.add(triples)
    return description
