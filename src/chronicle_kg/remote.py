"""A remote SPARQL 1.1 endpoint as a store: queries through SPARQLWrapper, loading through the
Graph Store Protocol (HTTP PUT of a whole named graph).

Every request has a timeout; any answer that is not a complete SPARQL result is an error, never rows.
"""

from __future__ import annotations

import base64
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

import rdflib
from SPARQLWrapper import JSON, POST, SELECT, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import SPARQLWrapperException

from .errors import ChronicleError, QueryError
from .store import Row, Term


@dataclass(frozen=True)
class Endpoint:
    """Where a SPARQL server answers: its query URL, and optionally its Graph Store Protocol URL and
    credentials (taken from the environment by the CLI, never from the command line)."""

    query_url: str
    store_url: str | None = None
    user: str | None = None
    password: str | None = None
    timeout: float = 30.0


class _Client(SPARQLWrapper):
    """SPARQLWrapper whose credentials are never sent on after a redirect (urllib forwards ordinary
    headers to wherever a redirect points, another origin included)."""

    def _createRequest(self) -> urllib.request.Request:  # noqa: N802 (SPARQLWrapper's name)
        request = super()._createRequest()
        authorization = request.headers.pop("Authorization", None)
        if authorization:
            request.add_unredirected_header("Authorization", authorization)
        return request


class RemoteStore:
    """A store on a SPARQL 1.1 endpoint: SELECT queries see the endpoint's default graph."""

    # Parameters are bound once, at the top: Virtuoso 7.2 gives other rows for the leaderboard when the
    # same VALUES block is repeated inside its sub-selects (docs/engines.md).
    values_in_sub_selects = False

    def __init__(self, endpoint: Endpoint) -> None:
        self.endpoint = endpoint
        self.spec = f"sparql:{endpoint.query_url}"

    def select(self, sparql: str) -> tuple[list[Row], list[str]]:
        """Run a SELECT on the endpoint: its rows and variables, in the endpoint's order."""
        client = _Client(self.endpoint.query_url)
        client.setMethod(POST)
        client.setQuery(sparql)
        client.queryType = SELECT  # SPARQLWrapper guesses the type from keywords, comments included
        client.setReturnFormat(JSON)
        client.setTimeout(int(self.endpoint.timeout))
        if self.endpoint.user:
            client.setCredentials(self.endpoint.user, self.endpoint.password or "")
        try:
            response = client.query()
            status = response.response.status
            content_type = response.response.headers.get("Content-Type", "")
            sql_state = response.response.headers.get("X-SQL-State")
            body = response.response.read()
        except SPARQLWrapperException as error:
            raise QueryError(f"{self.spec}: the endpoint refused the query: {' '.join(str(error).split())}") from None
        except urllib.error.HTTPError as error:
            raise QueryError(f"{self.spec}: HTTP {error.code} {error.reason}") from None
        except (urllib.error.URLError, OSError) as error:
            raise QueryError(f"{self.spec}: cannot reach the endpoint: {_first_line(error)}") from None
        if status != 200:
            raise QueryError(f"{self.spec}: HTTP {status}: expected a complete result (200)")
        if sql_state:  # Virtuoso's "anytime query": a result cut short by its time limit
            raise QueryError(f"{self.spec}: the endpoint returned partial results (X-SQL-State {sql_state}): "
                             "raise its query time limit or ask for less")
        if "json" not in content_type:
            raise QueryError(f"{self.spec}: answered {content_type or 'no content type'}, not SPARQL JSON results")
        try:
            document = json.loads(body)
            variables = list(document["head"]["vars"])
            bindings = document["results"]["bindings"]
        except (ValueError, KeyError, TypeError) as error:
            raise QueryError(f"{self.spec}: the answer is not SPARQL JSON results ({error})") from None
        rows = [{name: _term(value) for name, value in binding.items()} for binding in bindings]
        return rows, variables

    def put_graph(self, graph: str, ntriples: bytes) -> None:
        """Replace named graph `graph` as a whole with the given N-Triples (Graph Store Protocol PUT)."""
        if not self.endpoint.store_url:
            raise ChronicleError(
                f"{self.spec}: no Graph Store Protocol URL: set CHRONICLE_SPARQL_STORE_URL "
                "(Oxigraph server: http://HOST:PORT/store; Fuseki: http://HOST:PORT/DATASET/data)"
            )
        url = f"{self.endpoint.store_url}?{urllib.parse.urlencode({'graph': graph})}"
        request = urllib.request.Request(url, data=ntriples, method="PUT",
                                         headers={"Content-Type": "application/n-triples"})
        if self.endpoint.user:
            token = base64.b64encode(f"{self.endpoint.user}:{self.endpoint.password or ''}".encode()).decode()
            request.add_unredirected_header("Authorization", f"Basic {token}")
        try:
            with urllib.request.urlopen(request, timeout=self.endpoint.timeout) as response:
                response.read()
        except urllib.error.HTTPError as error:
            raise ChronicleError(f"{self.spec}: replacing graph {graph} failed: HTTP {error.code} "
                                 f"{error.reason}") from None
        except (urllib.error.URLError, OSError) as error:
            raise ChronicleError(f"{self.spec}: replacing graph {graph} failed: {_first_line(error)}") from None


def _term(value: dict[str, str]) -> Term:
    kind = value.get("type")
    if kind == "uri":
        return rdflib.URIRef(value["value"])
    if kind == "bnode":
        return rdflib.BNode(value["value"])
    if kind in ("literal", "typed-literal"):
        if "xml:lang" in value:
            return rdflib.Literal(value["value"], lang=value["xml:lang"])
        datatype = value.get("datatype")
        if datatype and datatype != "http://www.w3.org/2001/XMLSchema#string":
            return rdflib.Literal(value["value"], datatype=rdflib.URIRef(datatype))
        return rdflib.Literal(value["value"])
    raise QueryError(f"unsupported term in SPARQL JSON results: {value!r}")


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
