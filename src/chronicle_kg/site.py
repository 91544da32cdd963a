"""What the HTTP server answers, as a function from a request to a complete response.

The SPARQL 1.1 Protocol at /sparql, canned queries at /queries, linked data under /id/ and /vocab/ (303 to
a document chosen by content negotiation), HTML pages, dumps and the VoID description. The server runs this
in worker processes; nothing here knows about sockets.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path

import jinja2
import rdflib

from .api import Chronicle
from .catalogue import CannedQuery
from .errors import ChronicleError, QueryError
from .export import DUMP_FORMATS, DUMP_NAME, render
from .formats import FORMATS as RDF_FORMATS
from .formats import by_name
from .iris import BASE, GRAPH
from .negotiation import choose
from .ontodocs import ontology_html, vocabulary_html
from .pages import STYLESHEET, render_page
from .query import Result, bind_arguments, check_sparql, internal_query, run_query, with_values
from .resultformats import BOOLEAN_MEDIA_TYPES, EXTENSIONS, ROW_MEDIA_TYPES, serialize_boolean, serialize_rows
from .sitepages import (benchmark_html, entity_html, error_html, home_html, organization_html, page, queries_html,
                        query_html, suggestions, timeline_html)
from .sparqltext import query_form
from .store import Store
from .tables import render as render_table
from .void import description_of

HTML = "text/html"
RDF_MEDIA_TYPES = {f.media_type: f for f in RDF_FORMATS if not f.datasets or f.name == "jsonld"}
DOCUMENT_MEDIA_TYPES = (HTML, *RDF_MEDIA_TYPES)  # what a linked-data IRI offers, HTML first for browsers
EXTENSION_MEDIA_TYPES = {"html": HTML, **{f.extension: f.media_type for f in RDF_MEDIA_TYPES.values()}}
# A format parameter may name a media type, an extension or a format (SPARQLWrapper sends format=turtle);
# N3 clients read Turtle.
FORMAT_NAMES = {**EXTENSIONS, **EXTENSION_MEDIA_TYPES, **{f.name: f.media_type for f in RDF_MEDIA_TYPES.values()},
                "json-ld": "application/ld+json", "n3": "text/turtle"}
PAGE_KINDS = {"system": "system", "milestone": "milestone", "org": "org", "benchmark": "benchmark"}
DUMPS = {f"{DUMP_NAME}.{f.extension}": f.media_type for f in map(by_name, DUMP_FORMATS)}
FORM = "application/x-www-form-urlencoded"
SPARQL_QUERY = "application/sparql-query"
SPARQL_UPDATE = "application/sparql-update"
SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
                                "frame-ancestors 'none'; base-uri 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
)
# pyLODE's ontology documentation and the vocabulary pages carry their own inline styles and data: icons.
DOCUMENTATION_HEADERS = (
    ("Content-Security-Policy", "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                                "frame-ancestors 'none'; base-uri 'none'"),
    *SECURITY_HEADERS[1:],
)
_SERVICE = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
                              autoescape=False, undefined=jinja2.StrictUndefined)


@dataclass(frozen=True)
class Request:
    """An HTTP request as the server read it: method, target (path and query string), headers, body."""

    method: str
    target: str
    headers: dict[str, str] = field(default_factory=dict)  # lower-case names
    body: bytes = b""

    @property
    def path(self) -> str:
        return urllib.parse.unquote(urllib.parse.urlsplit(self.target).path)

    @property
    def query(self) -> dict[str, list[str]]:
        return urllib.parse.parse_qs(urllib.parse.urlsplit(self.target).query, keep_blank_values=True)

    def header(self, name: str) -> str:
        return self.headers.get(name.lower(), "")


@dataclass(frozen=True)
class Response:
    """A complete HTTP response; the server sends it only once it is whole."""

    status: int
    content_type: str
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()


class HttpError(Exception):
    """A request the site cannot answer as asked: its status and a message for the client."""

    def __init__(self, status: int, message: str, headers: tuple[tuple[str, str], ...] = (),
                 suggestions: list | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers
        self.suggestions = suggestions or []


@dataclass(frozen=True)
class SiteConfig:
    """How the site describes itself: the URL it is served at, and the row limit of one result."""

    public_url: str
    max_rows: int


class Site:
    """The web site of one chronicle graph."""

    def __init__(self, graph: Chronicle, store: Store, dumps: Path, config: SiteConfig) -> None:
        self.graph = graph
        self.store = store
        self.dumps = dumps
        self.config = config

    def handle(self, request: Request) -> Response:
        """The complete response to `request`; errors become 4xx responses with a message."""
        try:
            response = self._route(request)
        except HttpError as error:
            response = self._error(request, error)
        except ChronicleError as error:  # bad parameters, refused or malformed queries, ...
            response = self._error(request, HttpError(400, str(error)))
        return response

    # -- routing -------------------------------------------------------------------------------------

    def _route(self, request: Request) -> Response:
        path = request.path
        if path == "/sparql":
            return self._sparql(request)
        if request.method not in ("GET", "HEAD"):
            raise HttpError(405, f"{request.method} is not allowed on {path}: this resource is read-only",
                            (("Allow", "GET, HEAD"),))
        if path == "/":
            return self._html(home_html(self.graph, self._triple_count()))
        if path == "/static/style.css":
            return Response(200, "text/css; charset=utf-8", STYLESHEET.read_bytes(),
                            (("Cache-Control", "max-age=3600"),))
        if path == "/queries":
            return self._catalogue(request)
        if path.startswith("/queries/"):
            return self._canned(request, path.removeprefix("/queries/"))
        if path == "/query":
            return self._query_page(request)
        if path == "/timeline":
            return self._html(timeline_html(self.graph, self._arguments(request, self.graph.canned("timeline"))))
        if path.startswith(("/id/", "/vocab/")):
            return self._see_other(request, path)
        if path.startswith("/doc/"):
            return self._document(request, path.removeprefix("/doc/"))
        if path == "/ontology":
            if self._negotiate(request, (*RDF_MEDIA_TYPES, HTML), request.query.get("format", [""])[0]) == HTML:
                return self._html(ontology_html(self.graph.project), headers=DOCUMENTATION_HEADERS)
            return self._graph_document(request, GRAPH + "ontology", BASE + "ontology")
        if path.startswith("/graph/"):
            return self._graph_document(request, BASE + path.lstrip("/"), BASE + path.lstrip("/"))
        if path == "/.well-known/void":
            return self._rdf(request, self._void(), vary=True)
        if path == "/dumps/" or path == "/dumps":
            return self._html(self._dump_listing())
        if path.startswith("/dumps/") and path.removeprefix("/dumps/") in DUMPS:
            name = path.removeprefix("/dumps/")
            return Response(200, _with_charset(DUMPS[name]), (self.dumps / name).read_bytes(),
                            (("Content-Disposition", f'attachment; filename="{name}"'),))
        raise HttpError(404, f"nothing at {path}: see / for what this server offers")

    # -- SPARQL 1.1 Protocol -------------------------------------------------------------------------

    def _sparql(self, request: Request) -> Response:
        parameters = request.query
        if request.method == "POST":
            media = request.header("content-type").split(";")[0].strip().lower()
            if media == FORM:
                form = urllib.parse.parse_qs(_text(request.body, "the form"), keep_blank_values=True)
                if "update" in form:
                    raise HttpError(403, "SPARQL Update is refused: this endpoint is read-only")
                parameters = {**parameters, **form}
            elif media == SPARQL_QUERY:
                if "query" in parameters:
                    raise HttpError(400, "give the query either in the body or as the query parameter, not both")
                parameters = {**parameters, "query": [_text(request.body, "the query")]}
            elif media == SPARQL_UPDATE:
                raise HttpError(403, "SPARQL Update is refused: this endpoint is read-only")
            else:
                raise HttpError(415, f"POST a query as {FORM} or {SPARQL_QUERY}, not {media or 'no content type'}")
        elif request.method not in ("GET", "HEAD"):
            raise HttpError(405, f"{request.method} is not allowed on /sparql: use GET or POST",
                            (("Allow", "GET, HEAD, POST"),))
        if "update" in parameters:
            raise HttpError(403, "SPARQL Update is refused: this endpoint is read-only")
        queries = parameters.get("query", [])
        if not queries:
            return self._rdf(request, self._service_description(), vary=True)
        if len(queries) > 1:
            raise HttpError(400, "give exactly one query parameter")
        text = queries[0]
        form = query_form(text)
        if form == "update":
            raise HttpError(403, "SPARQL Update is refused: this endpoint is read-only")
        offered = {"select": ROW_MEDIA_TYPES, "ask": BOOLEAN_MEDIA_TYPES}.get(form, tuple(RDF_MEDIA_TYPES))
        media = self._negotiate(request, offered, parameters.get("format", [""])[0])
        check_sparql(self.store, text)
        self._check_graphs(parameters)
        answer = self.store.answer(text, self.config.max_rows, parameters.get("default-graph-uri"),
                                   parameters.get("named-graph-uri"), base_iri=self.config.public_url + "/sparql")
        if answer.form == "select":
            body = serialize_rows(Result(answer.variables, answer.rows), media)
        elif answer.form == "ask":
            body = serialize_boolean(bool(answer.boolean), media)
        else:
            body = render(answer.graph, RDF_MEDIA_TYPES[media], self.graph.project)
        return Response(200, _with_charset(media), body, (("Vary", "Accept"),))

    def _check_graphs(self, parameters: dict[str, list[str]]) -> None:
        named = parameters.get("default-graph-uri", []) + parameters.get("named-graph-uri", [])
        missing = sorted(set(named) - set(self.store.graphs()))
        if missing:
            raise HttpError(400, f"the store holds no graph {missing[0]}: name graphs this store holds "
                                 f"({', '.join(self.store.graphs()[:8])})")

    def _negotiate(self, request: Request, offered: tuple[str, ...], fmt: str = "") -> str:
        if fmt:
            wanted = FORMAT_NAMES.get(fmt.lower(), fmt)
            if wanted in offered:
                return wanted
            raise HttpError(406, f"format={fmt}: this answer is offered as {', '.join(offered)}")
        media = choose(request.header("accept"), offered)
        if media is None:
            raise HttpError(406, f"nothing acceptable: this answer is offered as {', '.join(offered)} "
                                 f"(you sent Accept: {request.header('accept')})", (("Vary", "Accept"),))
        return media

    def _service_description(self) -> Store:
        endpoint = self.config.public_url + "/sparql"
        text = _SERVICE.get_template("service.ttl.j2").render(endpoint=endpoint,
                                                               void=self.config.public_url + "/.well-known/void")
        return Store.from_bytes(text.encode("utf-8"), RDF_MEDIA_TYPES["text/turtle"], "service description")

    # -- canned queries ------------------------------------------------------------------------------

    def _catalogue(self, request: Request) -> Response:
        media = self._negotiate(request, (HTML, "application/json"), request.query.get("format", [""])[0])
        if media == HTML:
            return self._html(queries_html(self.graph))
        listing = [{"name": q.name, "title": q.title, "description": q.description, "url": f"/queries/{q.name}",
                    "parameters": [{"name": p.name, "type": p.type, "required": p.required, "default": p.default,
                                    "description": p.description} for p in q.parameters]}
                   for q in self.graph.queries()]
        return Response(200, "application/json", _json(listing), (("Vary", "Accept"),))

    def _canned(self, request: Request, name: str) -> Response:
        name, dot, extension = name.partition(".")
        fmt = extension if dot else request.query.get("format", [""])[0]
        media = self._negotiate(request, (HTML, "application/json", "text/csv"),
                                {"json": "application/json", "csv": "text/csv", "html": HTML}.get(fmt, fmt))
        try:
            canned = self.graph.canned(name)
        except QueryError as error:
            raise HttpError(404, str(error)) from None
        if media == HTML:
            return self._query_page(request, canned)
        result = self._limited(run_query(self.graph.store, canned, self._arguments(request, canned)))
        body = render_table(result, "json" if media == "application/json" else "csv").encode("utf-8")
        return Response(200, _with_charset(media), body, (("Vary", "Accept"),))

    def _query_page(self, request: Request, canned: CannedQuery | None = None) -> Response:
        """The query page; on /queries/NAME its parameters come by name, on /query as param.NAME."""
        parameters = request.query
        direct = canned is not None
        if canned is None and parameters.get("name", [""])[0]:
            canned = self.graph.canned(parameters["name"][0])
        sparql = parameters.get("sparql", [""])[0]
        result, error, arguments = None, None, {}
        try:
            if canned is not None:
                arguments = self._arguments(request, canned, prefix="" if direct else "param.")
            if canned is not None and (direct or "run" in parameters):
                result = self._limited(run_query(self.graph.store, canned, arguments))
            elif sparql:
                result = self._limited(self.graph.sparql(sparql))
        except (ChronicleError, HttpError) as failure:
            error = str(failure)
        api_link = f"/queries/{canned.name}?" + urllib.parse.urlencode(arguments) if canned else ""
        return self._html(query_html(self.graph, canned, arguments, sparql, result, error, api_link),
                          400 if error else 200)

    def _arguments(self, request: Request, canned: CannedQuery, prefix: str = "",
                   fixed: Mapping[str, str] | None = None) -> dict[str, str]:
        """The canned query's arguments from the query string (`prefix` + name; empty means not given),
        with `fixed` ones (the page's own, from its path) in place of any the query string gives."""
        arguments = {}
        for key, values in request.query.items():
            if prefix and not key.startswith(prefix) or not prefix and key == "format":
                continue
            if values[-1] != "":
                arguments[key.removeprefix(prefix)] = values[-1]
        arguments.update(fixed or {})
        bind_arguments(canned, arguments)  # unknown or ill-typed parameters are reported before running
        return arguments

    def _limited(self, result: Result) -> Result:
        if len(result.rows) > self.config.max_rows:
            raise HttpError(400, f"the result has {len(result.rows)} rows, more than the row limit of "
                                 f"{self.config.max_rows} here: narrow the query")
        return result

    # -- linked data ---------------------------------------------------------------------------------

    def _see_other(self, request: Request, path: str) -> Response:
        iri = BASE + path.lstrip("/")
        self._must_exist(iri)
        media = self._negotiate(request, DOCUMENT_MEDIA_TYPES)
        extension = next(ext for ext, m in EXTENSION_MEDIA_TYPES.items() if m == media)
        location = f"/doc/{path.lstrip('/')}.{extension}"
        return Response(303, "text/plain; charset=utf-8", f"See {location}\n".encode(),
                        (("Location", location), ("Vary", "Accept")))

    def _document(self, request: Request, rest: str) -> Response:
        resource, dot, extension = rest.rpartition(".")
        if not dot or extension not in EXTENSION_MEDIA_TYPES:
            raise HttpError(404, f"no document /doc/{rest}: documents end in "
                                 f"{', '.join('.' + e for e in EXTENSION_MEDIA_TYPES)}")
        iri = BASE + resource
        self._must_exist(iri)
        media = EXTENSION_MEDIA_TYPES[extension]
        if media != HTML:
            description = self.store.answer(with_values(internal_query("describe"), {"entity": rdflib.URIRef(iri)}))
            return self._rdf(request, description.graph, media=media)
        if resource.startswith("vocab/") and resource.count("/") == 1:
            return self._html(vocabulary_html(self.graph.project, resource.removeprefix("vocab/")),
                              headers=DOCUMENTATION_HEADERS)
        kind, _, slug = resource.removeprefix("id/").partition("/")
        if resource.startswith("id/") and kind in ("system", "milestone"):
            return self._html(render_page(self.graph, kind, slug, html=True, site=True))
        if resource.startswith("id/") and kind == "org":
            return self._html(organization_html(self.graph, slug))
        if resource.startswith("id/") and kind == "benchmark":
            arguments = self._arguments(request, self.graph.canned("leaderboard"), fixed={"benchmark": slug})
            return self._html(benchmark_html(self.graph, arguments))
        return self._html(entity_html(self.graph, iri, f"/doc/{resource}"))

    def _must_exist(self, iri: str) -> None:
        if not self.store.answer(with_values(internal_query("exists"), {"entity": rdflib.URIRef(iri)})).boolean:
            raise HttpError(404, f"the graph says nothing about {iri}", suggestions=suggestions(self.graph, iri))

    def _graph_document(self, request: Request, graph: str, iri: str) -> Response:
        if graph not in self.store.graphs():
            raise HttpError(404, f"no graph {graph} here: its graphs are {', '.join(self.store.graphs())}")
        media = self._negotiate(request, (*RDF_MEDIA_TYPES, HTML), request.query.get("format", [""])[0])
        if media == HTML:
            return self._html(entity_html(self.graph, iri, ""))
        return self._rdf(request, self.store.subgraph(graph), media=media, vary=True)

    def _rdf(self, request: Request, graph: Store, media: str | None = None, vary: bool = False) -> Response:
        media = media or self._negotiate(request, tuple(RDF_MEDIA_TYPES), request.query.get("format", [""])[0])
        body = render(graph, RDF_MEDIA_TYPES[media], self.graph.project)
        return Response(200, _with_charset(media), body, (("Vary", "Accept"),) if vary else ())

    def _void(self) -> Store:
        url = self.config.public_url
        dumps = [(f"{url}/dumps/{name}", RDF_MEDIA_TYPES[media], (self.dumps / name).stat().st_size, False)
                 for name, media in DUMPS.items()]
        return description_of(self.store, f"{url}/.well-known/void", "current", f"{url}/sparql", dumps)

    def _dump_listing(self) -> str:
        rows = [{"file": rdflib.URIRef(f"{self.config.public_url}/dumps/{name}"), "format": rdflib.Literal(media),
                 "bytes": rdflib.Literal((self.dumps / name).stat().st_size)} for name, media in DUMPS.items()]
        return page("dumps.html.j2", result=Result(["file", "format", "bytes"], rows))

    def _triple_count(self) -> int:
        return int(self.graph.sparql(internal_query("graph-size")).records()[0]["triples"])

    # -- responses -----------------------------------------------------------------------------------

    def _html(self, text: str, status: int = 200, headers: tuple[tuple[str, str], ...] = ()) -> Response:
        return Response(status, "text/html; charset=utf-8", text.encode("utf-8"), headers or SECURITY_HEADERS)

    def _error(self, request: Request, error: HttpError) -> Response:
        reason = HTTPStatus(error.status).phrase
        if choose(request.header("accept"), ("text/plain", HTML)) == HTML:
            body = error_html(error.status, reason, error.message, error.suggestions).encode("utf-8")
            return Response(error.status, "text/html; charset=utf-8", body, SECURITY_HEADERS + error.headers)
        text = f"{error.status} {reason}: {error.message}\n"
        if error.suggestions:
            text += "did you mean: " + ", ".join(s.iri for s in error.suggestions) + "\n"
        return Response(error.status, "text/plain; charset=utf-8", text.encode("utf-8"), error.headers)


def _text(body: bytes, what: str) -> str:
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise HttpError(400, f"{what} is not UTF-8 (byte {error.start}): send UTF-8") from None


def _json(value: object) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _with_charset(media: str) -> str:
    return f"{media}; charset=utf-8" if media.startswith("text/") or media.endswith("json") else media
