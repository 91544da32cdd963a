"""The `chronicle` command. The only place that turns errors into exit codes:
0 ok, 1 the data does not conform, 2 could not run."""

from __future__ import annotations

import os
import sys
import threading
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path

import click

from .api import Chronicle
from .build import build as build_graph
from .catalogue import catalogue
from .diff import DIFF_FORMATS, diff_releases, render_diff
from .errors import ChronicleError, ParameterError, ValidationFailed
from .importers import IMPORTERS
from .importing import import_data_set, summarize
from .pages import PAGE_KINDS, render_page
from .project import Project
from .push import push as push_graphs
from .release import release as make_release
from .remote import Endpoint, RemoteStore
from .server import ServeOptions
from .server import serve as serve_graph
from .store import StoreSpec
from .tables import FORMATS, render
from .validate import Report, validate_files, validate_project

EXIT_NONCONFORMING = 1
EXIT_CANNOT_RUN = 2


class _Group(click.Group):
    """Turns ChronicleErrors into a one-line message and exit code 2 (1 for non-conforming data)."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except ValidationFailed as error:
            _print_report(error.report)
            click.echo(f"chronicle: {error}", err=True)
            sys.exit(EXIT_NONCONFORMING)
        except ChronicleError as error:
            click.echo(f"chronicle: error: {error}", err=True)
            sys.exit(EXIT_CANNOT_RUN)


@click.group(cls=_Group)
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), envvar="CHRONICLE_ROOT",
              help="The chronicle directory (ontology/, shapes/, data/, queries/). "
                   "Default: the current directory if it is one, else the packaged copy.")
@click.option("--store", default="memory", show_default=True, envvar="CHRONICLE_STORE",
              help="Where the graph lives: memory (load the directory now), oxigraph:PATH (on disk, written by "
                   "`build --store`), or sparql:URL (a SPARQL 1.1 endpoint filled by `push`; its Graph Store "
                   "Protocol URL and credentials come from CHRONICLE_SPARQL_STORE_URL, CHRONICLE_SPARQL_USER "
                   "and CHRONICLE_SPARQL_PASSWORD).")
@click.option("--query-timeout", default=60.0, show_default=True, envvar="CHRONICLE_QUERY_TIMEOUT",
              type=click.FloatRange(min=0.1),
              help="Seconds a command that runs queries may take; past it the command is stopped (exit 2).")
@click.version_option(package_name="chronicle-kg")
@click.pass_context
def main(ctx: click.Context, root: Path | None, store: str, query_timeout: float) -> None:
    """chronicle-kg: a knowledge graph of AI systems, benchmarks and milestones, with provenance."""
    ctx.obj = _Options(root, store, query_timeout)


@dataclass(frozen=True)
class _Options:
    root: Path | None
    store: str
    query_timeout: float


_OUTPUT = threading.Lock()


def _stop_after(seconds: float) -> None:
    """Stop this process after `seconds` (a query cannot be interrupted inside the engine; the process can)."""
    def stop() -> None:
        _OUTPUT.acquire()  # never in the middle of printing an answer
        sys.stdout.flush()
        sys.stderr.write(f"chronicle: error: the command ran past the time limit of {seconds:g} s "
                         "(--query-timeout) and was stopped: narrow the query, or raise the limit\n")
        sys.stderr.flush()
        os._exit(EXIT_CANNOT_RUN)

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()


def _options(ctx: click.Context) -> _Options:
    return ctx.find_root().obj


def _project(ctx: click.Context) -> Project:
    return Project.find(_options(ctx).root)


def _endpoint(spec: StoreSpec) -> Endpoint:
    """A remote endpoint's settings, read from the environment here at the edge."""
    timeout = os.environ.get("CHRONICLE_SPARQL_TIMEOUT", "30")
    try:
        seconds = float(timeout)
    except ValueError:
        raise ChronicleError(f"CHRONICLE_SPARQL_TIMEOUT={timeout!r} is not a number of seconds") from None
    return Endpoint(spec.location, os.environ.get("CHRONICLE_SPARQL_STORE_URL"),
                    os.environ.get("CHRONICLE_SPARQL_USER"), os.environ.get("CHRONICLE_SPARQL_PASSWORD"), seconds)


def _graph(ctx: click.Context) -> Chronicle:
    """The graph the command queries; once it is loaded, the command runs under the query time limit."""
    options = _options(ctx)
    spec = StoreSpec.parse(options.store)
    endpoint = _endpoint(spec) if spec.kind == "sparql" else None
    graph = Chronicle.open(_project(ctx).root, options.store, endpoint)
    _stop_after(options.query_timeout)
    return graph


def _print_report(report: Report) -> None:
    for result in report.results:
        click.echo(result.format())


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.pass_context
def validate(ctx: click.Context, paths: tuple[Path, ...]) -> None:
    """Validate the ontology and data (or the given files, with the ontology) against shapes/.

    Prints `file:line: severity: focus-node: message` per result; exits 1 on violations.
    """
    project = _project(ctx)
    report = validate_files(list(paths), project.root) if paths else validate_project(project)
    _print_report(report)
    click.echo(f"{'conforms' if report.conforms else 'does not conform'}: {report.summary()}", err=True)
    sys.exit(0 if report.conforms else EXIT_NONCONFORMING)


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Where to write the dumps. Default: dist/ in the chronicle directory.")
@click.pass_context
def build(ctx: click.Context, out: Path | None) -> None:
    """Load ontology/ and data/, validate, and write chronicle.ttl, .nt and .jsonld atomically."""
    project = _project(ctx)
    result = build_graph(project, out, _options(ctx).store)
    _print_report(result.report)
    for path in result.files:
        click.echo(f"wrote {path}")
    click.echo(f"built {result.triples} triples: {result.report.summary()}", err=True)


_format_option = click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
                              help="table (aligned, 80 columns), csv (RFC 4180), json (SPARQL 1.1 results), md.")


def _arguments(pairs: tuple[str, ...]) -> dict[str, str]:
    arguments = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ParameterError(f"--param {pair!r}: write it as NAME=VALUE, e.g. --param system=internlm-20b")
        arguments[name.strip()] = value
    return arguments


def _query_text(graph: Chronicle, name: str, arguments: dict[str, str], fmt: str) -> str:
    canned = graph.canned(name)
    text = render(graph.query(name, **arguments), fmt, canned.columns)
    return text + "\n" if fmt == "table" else text


def _echo(text: str) -> None:
    """Print a command's whole answer at once, unless the time limit has stopped it."""
    with _OUTPUT:
        click.echo(text, nl=False)


@main.command("queries")
@click.pass_context
def list_queries(ctx: click.Context) -> None:
    """List the canned queries with their parameters."""
    for query in catalogue(_project(ctx).root / "queries"):
        click.echo(f"{query.name}: {query.title}")
        for parameter in query.parameters:
            mode = "required" if parameter.required else (
                f"default {parameter.default}" if parameter.default is not None else "optional")
            click.echo(f"  --param {parameter.name}=<{parameter.type}> ({mode}) {parameter.description}")


@main.command()
@click.argument("name")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE", help="A query parameter (repeatable).")
@_format_option
@click.option("--as-of", "as_of", metavar="VERSION",
              help="Answer from release VERSION (dist/VERSION/, made by `chronicle release`) instead of the "
                   "current graph.")
@click.pass_context
def query(ctx: click.Context, name: str, params: tuple[str, ...], fmt: str, as_of: str | None) -> None:
    """Run the canned query NAME (see `chronicle queries`)."""
    arguments = _arguments(params)
    if as_of and _options(ctx).store != "memory":
        raise ChronicleError(f"--as-of reads release {as_of} from dist/, not --store {_options(ctx).store}: "
                             "give one or the other")
    graph = Chronicle.at_release(as_of, _project(ctx).root) if as_of else _graph(ctx)
    _echo(_query_text(graph, name, arguments, fmt))


@main.command()
@click.argument("query_or_file")
@_format_option
@click.pass_context
def sparql(ctx: click.Context, query_or_file: str, fmt: str) -> None:
    """Run a SPARQL SELECT given as text or as the path of a .rq file."""
    path = Path(query_or_file)
    text = path.read_text(encoding="utf-8") if query_or_file.endswith(".rq") and path.is_file() else query_or_file
    graph = _graph(ctx)
    _echo(render(graph.sparql(text), fmt) + ("\n" if fmt == "table" else ""))


@main.command()
@click.argument("kind", type=click.Choice(PAGE_KINDS))
@click.argument("identifier")
@click.option("--html", is_flag=True, help="HTML instead of Markdown.")
@click.pass_context
def page(ctx: click.Context, kind: str, identifier: str, html: bool) -> None:
    """The record page of a system or milestone (slug or IRI), from canned queries only."""
    graph = _graph(ctx)
    _echo(render_page(graph, kind, identifier, html))


@main.command()
@click.argument("system")
@_format_option
@click.pass_context
def scorecard(ctx: click.Context, system: str, fmt: str) -> None:
    """A system's scorecard: the summary figures, then one row per benchmark claim."""
    graph = _graph(ctx)
    parts = ["scorecard-summary", "scorecard-status-counts", "scorecard"] if fmt == "table" else ["scorecard"]
    _echo("\n".join(_query_text(graph, name, {"system": system}, fmt) for name in parts))


@main.command()
@click.argument("identifier")
@click.option("--html", is_flag=True, help="HTML instead of Markdown.")
@click.pass_context
def milestone(ctx: click.Context, identifier: str, html: bool) -> None:
    """A milestone's record (slug or IRI): the same as `chronicle page milestone ID`."""
    graph = _graph(ctx)
    _echo(render_page(graph, "milestone", identifier, html))


@main.command()
@click.option("--problem", help="Only milestones addressing this problem (slug or IRI).")
@click.option("--org", help="Only milestones involving this organization.")
@click.option("--system", help="Only milestones involving this system.")
@click.option("--min-significance", help="At least this significance (H1 is the highest), e.g. H2.")
@click.option("--from", "date_from", help="On or after this date (YYYY-MM-DD).")
@click.option("--to", "date_to", help="On or before this date (YYYY-MM-DD).")
@_format_option
@click.pass_context
def timeline(ctx: click.Context, problem: str | None, org: str | None, system: str | None,
             min_significance: str | None, date_from: str | None, date_to: str | None, fmt: str) -> None:
    """Milestones in date order, filtered."""
    filters = {"problem": problem, "org": org, "system": system, "min_significance": min_significance,
               "from": date_from, "to": date_to}
    graph = _graph(ctx)
    _echo(_query_text(graph, "timeline", {k: v for k, v in filters.items() if v is not None}, fmt))


@main.command()
@click.pass_context
def push(ctx: click.Context) -> None:
    """Validate, then replace each named graph of the --store sparql:URL endpoint with the built graph's
    (Graph Store Protocol PUT) and check every graph's triple count."""
    spec = StoreSpec.parse(_options(ctx).store)
    if spec.kind != "sparql":
        raise ChronicleError("push needs --store sparql:URL (or CHRONICLE_STORE), the endpoint to load")
    for pushed in push_graphs(_project(ctx), RemoteStore(_endpoint(spec))):
        click.echo(f"replaced {pushed.graph}: {pushed.triples} triples")


@main.command()
@click.option("--host", default=ServeOptions.host, show_default=True, help="The address to listen on.")
@click.option("--port", default=ServeOptions.port, show_default=True, type=click.IntRange(0, 65535),
              help="The port to listen on (0: any free port; the URL is printed).")
@click.option("--timeout", default=ServeOptions.timeout, show_default=True, type=click.FloatRange(min=0.1),
              help="Seconds one request may run before it is stopped.")
@click.option("--max-rows", default=ServeOptions.max_rows, show_default=True, type=click.IntRange(min=1),
              help="The most rows (or triples) one result may have; a larger result is refused, never cut.")
@click.option("--workers", default=ServeOptions.workers, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes answering requests in parallel.")
@click.option("--no-validate", is_flag=True,
              help="Serve the graph as loaded, without checking it against the shapes (for experiments).")
@click.option("--cache", "cache_mb", default=ServeOptions.cache_mb, show_default=True, type=click.IntRange(min=0),
              help="Megabytes of complete GET answers kept and given again without running anything (0: none).")
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, timeout: float, max_rows: int, workers: int,
          no_validate: bool, cache_mb: int) -> None:
    """Build the graph and serve it: SPARQL 1.1 endpoint at /sparql, canned queries at /queries, linked data
    under /id/, HTML pages, dumps and VoID (see README). A graph that does not conform is not served."""
    options = ServeOptions(host=host, port=port, timeout=timeout, max_rows=max_rows, workers=workers,
                           validate=not no_validate, cache_mb=cache_mb)
    serve_graph(_project(ctx), options, _options(ctx).store)


def _issue_date(text: str | None) -> date:
    """--date, else SOURCE_DATE_EPOCH (seconds since 1970, as reproducible builds set it), else today (UTC)."""
    if text is not None:
        try:
            return date.fromisoformat(text)
        except ValueError:
            raise ChronicleError(f"--date {text!r} is not a date: write YYYY-MM-DD") from None
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is not None:
        try:
            return datetime.fromtimestamp(int(epoch), tz=timezone.utc).date()
        except (ValueError, OverflowError, OSError):
            raise ChronicleError(f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since 1970") from None
    return datetime.now(tz=timezone.utc).date()


@main.command("release")
@click.argument("version")
@click.option("--date", "issued", metavar="YYYY-MM-DD",
              help="The issue date the release records. Default: SOURCE_DATE_EPOCH if set, else today (UTC).")
@click.pass_context
def release_command(ctx: click.Context, version: str, issued: str | None) -> None:
    """Validate, then write release VERSION (MAJOR.MINOR.PATCH) into dist/VERSION/: dumps in five formats
    with gzip copies, void.ttl, docs/ and SHA256SUMS. An existing release is never rewritten."""
    result = make_release(_project(ctx), version, _issue_date(issued))
    _print_report(result.report)
    for name in result.files:
        click.echo(f"wrote {result.directory / name}")
    since = f", previous release {result.previous}" if result.previous else ", the first release"
    click.echo(f"released {version}: {result.triples} triples{since}", err=True)


@main.command("diff")
@click.argument("old")
@click.argument("new")
@click.option("--format", "fmt", type=click.Choice(DIFF_FORMATS), default="md", show_default=True,
              help="md (Markdown, for people) or ttl (RDF Turtle, for machines).")
@click.pass_context
def diff_command(ctx: click.Context, old: str, new: str, fmt: str) -> None:
    """What changed from release OLD to release NEW (either may be `current`, the graph as it is now):
    claims added, removed and changed, entities added and removed, corrections made."""
    changes = diff_releases(_project(ctx), old, new)
    click.echo(render_diff(changes, fmt), nl=False)


@main.command("import")
@click.argument("kind", type=click.Choice(sorted(IMPORTERS)))
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--into", type=click.Path(file_okay=False, path_type=Path),
              help="The folder to write the data set's folder into. Default: imports/ in the chronicle "
                   "directory, which build, validate, query and serve load.")
@click.option("--validate/--no-validate", "check", default=True, show_default=True,
              help="Validate the new graph against the shapes with the curated graph before writing it.")
@click.pass_context
def import_(ctx: click.Context, kind: str, path: Path, into: Path | None, check: bool) -> None:
    """Import a third-party data set (KIND: its format) from PATH into imports/<data-set>/, atomically:
    nothing is written unless the whole import parses back (and, with --validate, conforms to the shapes)."""
    result = import_data_set(_project(ctx), kind, path, into, check=check,
                             progress=lambda message: click.echo(f"import: {message}", err=True))
    click.echo(summarize(result))
