"""`chronicle serve`: the graph over HTTP, each request answered by a worker process that can be stopped.

The server builds and validates the graph, writes it to an on-disk Oxigraph store that every worker opens
read-only, and writes the dumps. Each request is read whole (bodies over the limit get 413), handed to an
idle worker, and answered with the worker's complete response; a worker past the time limit is killed and
replaced, and its client gets a 503 that says so, while the other workers go on answering.

The graph does not change while it is served, so the answer to a GET or HEAD depends only on its target and
its Accept header: answers are kept (up to --cache megabytes) and given again without a worker, and every
200 answer to a GET or HEAD carries a strong ETag, so a client that sends it back in If-None-Match gets 304.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import queue
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .api import Chronicle
from .build import load_valid
from .errors import ChronicleError
from .export import DUMP_NAME, write_dumps
from .httpcache import AnswerCache, entity_tag, none_match
from .load import load_project
from .project import Project
from .site import Request, Response, Site, SiteConfig
from .store import Store, StoreSpec

_SPAWN = multiprocessing.get_context("spawn")
QUEUE_WAIT = 60.0  # how long a request waits for a free worker before it gets 503 (busy)
DISCARD_LIMIT = 64 * 1024 * 1024  # an oversized body up to this size is read and dropped before the 413


@dataclass(frozen=True)
class ServeOptions:
    """How to serve: where to listen, how long one request may run, how many rows one result may have."""

    host: str = "127.0.0.1"
    port: int = 8000
    timeout: float = 10.0
    max_rows: int = 10_000
    workers: int = 4
    max_body: int = 1024 * 1024
    validate: bool = True
    cache_mb: int = 64


@dataclass(frozen=True)
class _Prepared:
    store_path: Path
    dumps: Path
    triples: int


def prepare(project: Project, store: str, directory: Path, validate: bool = True) -> _Prepared:
    """Build what the workers read: a validated (unless not `validate`) on-disk store, or the one `store`
    names, and the dumps."""
    spec = StoreSpec.parse(store)
    if spec.kind == "sparql":
        raise ChronicleError(f"--store {store}: serve answers from a local store; query that endpoint directly, "
                             "or serve --store memory or oxigraph:PATH")
    dumps = directory / "dumps"
    if spec.kind == "oxigraph":
        store_path = Path(spec.location)
        if not store_path.is_dir() or Store.read_only(store_path).is_empty():
            raise ChronicleError(f"--store {store}: no built store there: run chronicle build --store {store} first")
        built = Store.read_only(store_path)
    else:
        built = load_valid(project)[0].store if validate else load_project(project).store
        store_path = directory / "store"
        built.save(store_path)
    write_dumps(built, project, dumps)
    return _Prepared(store_path, dumps, _lines(dumps / f"{DUMP_NAME}.nt"))


def _lines(path: Path) -> int:
    """The lines of a file: of the N-Triples dump, the graph's distinct triples (counted without a second
    pass over the store)."""
    count = 0
    with path.open("rb") as stream:
        while chunk := stream.read(1 << 20):
            count += chunk.count(b"\n")
    return count


def _work(connection: multiprocessing.connection.Connection, root: str, store_path: str, dumps: str,
          config: SiteConfig) -> None:
    """A worker: open the store read-only, then answer requests until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    store = Store.read_only(Path(store_path))
    site = Site(Chronicle(Project(Path(root)), store), store, Path(dumps), config)
    connection.send("ready")
    while True:
        try:
            request = connection.recv()
        except EOFError:
            return
        connection.send(site.handle(request))


@dataclass(eq=False)
class _Worker:
    process: Any
    connection: multiprocessing.connection.Connection


class WorkerPool:
    """Worker processes, each answering one request at a time; one that runs too long is replaced."""

    def __init__(self, size: int, arguments: tuple, timeout: float) -> None:
        self._arguments = arguments
        self._timeout = timeout
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: set[_Worker] = set()
        for _ in range(size):
            self._idle.put(self._start())

    def _start(self) -> _Worker:
        parent, child = _SPAWN.Pipe()
        process = _SPAWN.Process(target=_work, args=(child, *self._arguments), daemon=True)
        process.start()
        child.close()
        if not parent.poll(120) or parent.recv() != "ready":
            process.kill()
            raise ChronicleError("a server worker did not start: see the messages above")
        worker = _Worker(process, parent)
        self._all.add(worker)
        return worker

    def _replace(self, worker: _Worker) -> None:
        worker.process.kill()
        worker.process.join()
        self._all.discard(worker)
        threading.Thread(target=lambda: self._idle.put(self._start()), daemon=True).start()

    def call(self, request: Request) -> Response:
        """The response of a worker to `request`; raise Unanswered when none is free in time, the query runs
        too long or the worker stops."""
        try:
            worker = self._idle.get(timeout=QUEUE_WAIT)
        except queue.Empty:
            raise Unanswered(_plain(503, f"the server is busy: every worker stayed busy for {QUEUE_WAIT:g} s; "
                                         "try again shortly", (("Retry-After", "5"),))) from None
        try:
            worker.connection.send(request)
            if worker.connection.poll(self._timeout):
                response = worker.connection.recv()
                self._idle.put(worker)
                return response
        except (EOFError, OSError):
            self._replace(worker)
            raise Unanswered(_plain(500, "the worker answering this request stopped unexpectedly; the request "
                                         "was not answered (the server has started a new worker)")) from None
        self._replace(worker)
        raise Unanswered(_plain(503, f"the query ran past the time limit of {self._timeout:g} s and was stopped: "
                                     "narrow it (a more selective pattern, or LIMIT)", (("Retry-After", "1"),)))

    def close(self) -> None:
        for worker in list(self._all):
            worker.process.kill()


class Unanswered(Exception):
    """The pool could not get a worker's answer: the response that says why (never kept in the cache)."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status)
        self.response = response


class Answers:
    """The answers of the pool, with GET and HEAD answers kept in an AnswerCache and tagged for revalidation."""

    def __init__(self, pool: WorkerPool, cache_bytes: int) -> None:
        self._pool = pool
        self._cache: AnswerCache[tuple[str, str], Response] = AnswerCache(cache_bytes)

    def answer(self, request: Request) -> Response:
        """The complete response to `request`: 304 when its If-None-Match names the ETag of the answer."""
        try:
            return self._answer(request)
        except Unanswered as failure:
            return failure.response

    def _answer(self, request: Request) -> Response:
        if request.method not in ("GET", "HEAD") or request.body:
            return self._pool.call(request)
        key = (request.target, request.header("accept"))
        response = self._cache.get(key)
        if response is None:
            response = self._pool.call(request)
            if response.status == 200:
                tag = entity_tag(response.content_type, response.body)
                response = Response(200, response.content_type, response.body, (*response.headers, ("ETag", tag)))
            self._cache.put(key, response, len(response.body) + len(request.target) + 512)
        tag = dict(response.headers).get("ETag")
        if tag and none_match(request.header("if-none-match"), tag):
            return Response(304, response.content_type, b"",
                            tuple((name, value) for name, value in response.headers if name in _NOT_MODIFIED))
        return response


_NOT_MODIFIED = {"ETag", "Vary", "Cache-Control"}  # the headers of a 200 that its 304 repeats (RFC 9110 15.4.5)


def _plain(status: int, message: str, headers: tuple[tuple[str, str], ...] = ()) -> Response:
    return Response(status, "text/plain; charset=utf-8", f"{status}: {message}\n".encode("utf-8"), headers)


class _Handler(BaseHTTPRequestHandler):
    """Reads one request whole, gets its response from the pool, writes it whole, logs one line."""

    server_version = "chronicle-kg"
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # a kept-alive connection's next response goes out at once
    answers: Answers
    max_body: int

    def _serve(self) -> None:
        started = time.monotonic()
        response = self._read_and_answer()
        self.send_response_only(response.status)
        self.send_header("Date", self.date_time_string())
        if response.status != 304:
            self.send_header("Content-Type", response.content_type)
            self.send_header("Content-Length", str(len(response.body)))
        for name, value in response.headers:
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self._headers_buffer.append(b"\r\n")
        if self.command != "HEAD":
            self._headers_buffer.append(response.body)
        self.flush_headers()  # status, headers and body in one write
        elapsed = (time.monotonic() - started) * 1000
        sys.stderr.write(f'{self.client_address[0]} "{self.command} {self.path[:200]}" {response.status} '
                         f"{len(response.body)} {elapsed:.0f}ms\n")

    def _read_and_answer(self) -> Response:
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            return _plain(411, "send the request body with a Content-Length, not chunked")
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            self.close_connection = True
            return _plain(400, "Content-Length is not a number")
        if length > self.max_body:
            self.close_connection = True
            self._discard(min(length, DISCARD_LIMIT))  # so the client can read the answer before the close
            return _plain(413, f"the request body is {length} bytes; the limit is {self.max_body}: "
                               "send a shorter query")
        body = self.rfile.read(length) if length > 0 else b""
        headers = {name.lower(): value for name, value in self.headers.items()}
        return self.answers.answer(Request(self.command, self.path, headers, body))

    def _discard(self, length: int) -> None:
        while length > 0:
            chunk = self.rfile.read(min(length, 65536))
            if not chunk:
                return
            length -= len(chunk)

    do_GET = do_HEAD = do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _serve  # noqa: N815

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - BaseHTTPRequestHandler's name
        sys.stderr.write(f"{self.client_address[0]} {format % args}\n")


class _Stopped(Exception):
    """SIGTERM arrived: stop serving as Ctrl-C does, removing the temporary store."""


def _stop(signum: int, frame: object) -> None:
    raise _Stopped


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # connections waiting to be accepted; the default 5 resets clients under load


def serve(project: Project, options: ServeOptions, store: str = "memory") -> None:
    """Build, start the workers, and serve until interrupted (Ctrl-C or SIGTERM); prints the URL once it is
    listening. The temporary store and dumps are removed on the way out."""
    signal.signal(signal.SIGTERM, _stop)
    try:
        _serve(project, options, store)
    except (KeyboardInterrupt, _Stopped):
        pass


def _serve(project: Project, options: ServeOptions, store: str) -> None:
    with tempfile.TemporaryDirectory(prefix="chronicle-serve-") as directory:
        prepared = prepare(project, store, Path(directory), options.validate)
        httpd = _HTTPServer((options.host, options.port), _Handler)
        host, port = httpd.server_address[:2]
        config = SiteConfig(f"http://{host}:{port}", options.max_rows)
        pool = WorkerPool(options.workers, (str(project.root), str(prepared.store_path), str(prepared.dumps),
                                            config), options.timeout)
        answers = Answers(pool, options.cache_mb * 1024 * 1024)
        handler = type("Handler", (_Handler,), {"answers": answers, "max_body": options.max_body})
        httpd.RequestHandlerClass = handler
        print(f"serving {prepared.triples} triples at http://{host}:{port}/ "
              f"({options.workers} workers, {options.timeout:g} s per request, at most {options.max_rows} rows)",
              flush=True)
        try:
            httpd.serve_forever()
        finally:
            httpd.server_close()
            pool.close()
