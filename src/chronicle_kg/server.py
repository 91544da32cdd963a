"""`chronicle serve`: the graph over HTTP, each request answered by a worker process that can be stopped.

The server builds and validates the graph, writes it to an on-disk Oxigraph store that every worker opens
read-only, and writes the dumps. Each request is read whole (bodies over the limit get 413), handed to an
idle worker, and answered with the worker's complete response; a worker past the time limit is killed and
replaced, and its client gets a 503 that says so, while the other workers go on answering.
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
from .export import write_dumps
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
    return _Prepared(store_path, dumps, len(built.statements()))


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
        """The response of a worker to `request`, or a 503 when none is free in time or the query runs too long."""
        try:
            worker = self._idle.get(timeout=QUEUE_WAIT)
        except queue.Empty:
            return _plain(503, f"the server is busy: every worker stayed busy for {QUEUE_WAIT:g} s; "
                               "try again shortly", (("Retry-After", "5"),))
        try:
            worker.connection.send(request)
            if worker.connection.poll(self._timeout):
                response = worker.connection.recv()
                self._idle.put(worker)
                return response
        except (EOFError, OSError):
            self._replace(worker)
            return _plain(500, "the worker answering this request stopped unexpectedly; the request was not "
                               "answered (the server has started a new worker)")
        self._replace(worker)
        return _plain(503, f"the query ran past the time limit of {self._timeout:g} s and was stopped: "
                           "narrow it (a more selective pattern, or LIMIT)", (("Retry-After", "1"),))

    def close(self) -> None:
        for worker in list(self._all):
            worker.process.kill()


def _plain(status: int, message: str, headers: tuple[tuple[str, str], ...] = ()) -> Response:
    return Response(status, "text/plain; charset=utf-8", f"{status}: {message}\n".encode("utf-8"), headers)


class _Handler(BaseHTTPRequestHandler):
    """Reads one request whole, gets its response from the pool, writes it whole, logs one line."""

    server_version = "chronicle-kg"
    protocol_version = "HTTP/1.1"
    pool: WorkerPool
    max_body: int

    def _serve(self) -> None:
        started = time.monotonic()
        response = self._read_and_answer()
        self.send_response_only(response.status)
        self.send_header("Date", self.date_time_string())
        self.send_header("Content-Type", response.content_type)
        self.send_header("Content-Length", str(len(response.body)))
        for name, value in response.headers:
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(response.body)
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
        return self.pool.call(Request(self.command, self.path, headers, body))

    def _discard(self, length: int) -> None:
        while length > 0:
            chunk = self.rfile.read(min(length, 65536))
            if not chunk:
                return
            length -= len(chunk)

    do_GET = do_HEAD = do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _serve  # noqa: N815

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - BaseHTTPRequestHandler's name
        sys.stderr.write(f"{self.client_address[0]} {format % args}\n")


def serve(project: Project, options: ServeOptions, store: str = "memory") -> None:
    """Build, start the workers, and serve until interrupted; prints the URL once it is listening."""
    with tempfile.TemporaryDirectory(prefix="chronicle-serve-") as directory:
        prepared = prepare(project, store, Path(directory), options.validate)
        httpd = ThreadingHTTPServer((options.host, options.port), _Handler)
        httpd.daemon_threads = True
        host, port = httpd.server_address[:2]
        config = SiteConfig(f"http://{host}:{port}", options.max_rows)
        pool = WorkerPool(options.workers, (str(project.root), str(prepared.store_path), str(prepared.dumps),
                                            config), options.timeout)
        handler = type("Handler", (_Handler,), {"pool": pool, "max_body": options.max_body})
        httpd.RequestHandlerClass = handler
        print(f"serving {prepared.triples} triples at http://{host}:{port}/ "
              f"({options.workers} workers, {options.timeout:g} s per request, at most {options.max_rows} rows)",
              flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            httpd.server_close()
            pool.close()
