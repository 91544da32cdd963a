r"""SPARQL 1.1 query results for HTTP clients: JSON, XML, CSV and TSV for SELECT; JSON and XML for ASK.

>>> import rdflib
>>> from chronicle_kg.query import Result
>>> result = Result(["s", "label"], [{"s": rdflib.URIRef("https://x.org/a"), "label": rdflib.Literal("a\tb", lang="en")}])
>>> serialize_rows(result, "text/tab-separated-values")
b'?s\t?label\n<https://x.org/a>\t"a\\tb"@en\n'
>>> serialize_rows(result, "text/csv")
b's,label\r\nhttps://x.org/a,a\tb\r\n'
>>> serialize_boolean(True, "application/sparql-results+json")
b'{"head": {}, "boolean": true}\n'
"""

from __future__ import annotations

import csv
import io
import json
from json.encoder import encode_basestring
from xml.sax.saxutils import escape, quoteattr

import rdflib

from .query import Result
from .store import Term, sparql_term

JSON = "application/sparql-results+json"
XML = "application/sparql-results+xml"
CSV = "text/csv"
TSV = "text/tab-separated-values"
ROW_MEDIA_TYPES = (JSON, XML, CSV, TSV)
BOOLEAN_MEDIA_TYPES = (JSON, XML)
EXTENSIONS = {"json": JSON, "xml": XML, "csv": CSV, "tsv": TSV}
_XML_NS = "http://www.w3.org/2005/sparql-results#"


def sparql_json(result: Result) -> dict:
    """The SPARQL 1.1 Query Results JSON document of `result`."""
    return {
        "head": {"vars": result.variables},
        "results": {"bindings": [
            {name: _json_term(term) for name, term in row.items()} for row in result.rows
        ]},
    }


def sparql_json_text(result: Result) -> str:
    """sparql_json(result) as json.dumps(..., indent=1, ensure_ascii=False) writes it, character for character,
    written directly: the standard library's indented encoder runs in Python and took a third of a request."""
    variables = ",\n   ".join(map(encode_basestring, result.variables))
    rows = []
    for row in result.rows:
        cells = []
        for name, term in row.items():
            fields = ",\n     ".join(f"{encode_basestring(key)}: {encode_basestring(value)}"
                                     for key, value in _json_term(term).items())
            cells.append(f"{encode_basestring(name)}: {{\n     {fields}\n    }}")
        rows.append("{\n    " + ",\n    ".join(cells) + "\n   }" if cells else "{}")
    return ('{\n "head": {\n  "vars": ' + (f"[\n   {variables}\n  ]" if variables else "[]")
            + '\n },\n "results": {\n  "bindings": ' + ("[\n   " + ",\n   ".join(rows) + "\n  ]" if rows else "[]")
            + "\n }\n}")


def serialize_rows(result: Result, media_type: str) -> bytes:
    """SELECT rows in one of ROW_MEDIA_TYPES."""
    if media_type == JSON:
        return (json.dumps(sparql_json(result), ensure_ascii=False) + "\n").encode("utf-8")
    if media_type == XML:
        return _xml_rows(result).encode("utf-8")
    if media_type == CSV:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(result.variables)
        for row in result.rows:
            writer.writerow([_csv_term(row[v]) if v in row else "" for v in result.variables])
        return out.getvalue().encode("utf-8")
    if media_type == TSV:
        lines = ["\t".join(f"?{v}" for v in result.variables)]
        lines += ["\t".join(sparql_term(row[v]) if v in row else "" for v in result.variables) for row in result.rows]
        return ("\n".join(lines) + "\n").encode("utf-8")
    raise ValueError(f"not a SELECT results media type: {media_type}")


def serialize_boolean(value: bool, media_type: str) -> bytes:
    """An ASK answer in one of BOOLEAN_MEDIA_TYPES."""
    if media_type == JSON:
        return (json.dumps({"head": {}, "boolean": value}) + "\n").encode("utf-8")
    if media_type == XML:
        return (f'<?xml version="1.0"?>\n<sparql xmlns="{_XML_NS}">\n<head/>\n'
                f"<boolean>{'true' if value else 'false'}</boolean>\n</sparql>\n").encode("utf-8")
    raise ValueError(f"not an ASK results media type: {media_type}")


def _json_term(term: Term) -> dict[str, str]:
    if isinstance(term, rdflib.URIRef):
        return {"type": "uri", "value": str(term)}
    if isinstance(term, rdflib.BNode):
        return {"type": "bnode", "value": str(term)}
    literal: dict[str, str] = {"type": "literal", "value": str(term)}
    if term.language:
        literal["xml:lang"] = term.language
    elif term.datatype:
        literal["datatype"] = str(term.datatype)
    return literal


def _csv_term(term: Term) -> str:
    return f"_:{term}" if isinstance(term, rdflib.BNode) else str(term)


def _xml_rows(result: Result) -> str:
    lines = ['<?xml version="1.0"?>', f'<sparql xmlns="{_XML_NS}">', "<head>"]
    lines += [f"  <variable name={quoteattr(v)}/>" for v in result.variables]
    lines += ["</head>", "<results>"]
    for row in result.rows:
        lines.append("  <result>")
        for name, term in row.items():
            lines.append(f"    <binding name={quoteattr(name)}>{_xml_term(term)}</binding>")
        lines.append("  </result>")
    lines += ["</results>", "</sparql>", ""]
    return "\n".join(lines)


def _xml_term(term: Term) -> str:
    if isinstance(term, rdflib.URIRef):
        return f"<uri>{escape(str(term))}</uri>"
    if isinstance(term, rdflib.BNode):
        return f"<bnode>{escape(str(term))}</bnode>"
    if term.language:
        return f"<literal xml:lang={quoteattr(term.language)}>{escape(str(term))}</literal>"
    if term.datatype:
        return f"<literal datatype={quoteattr(str(term.datatype))}>{escape(str(term))}</literal>"
    return f"<literal>{escape(str(term))}</literal>"
