"""The `chronicle` command. The only place that turns errors into exit codes:
0 ok, 1 the data does not conform, 2 could not run."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .build import build as build_graph
from .errors import ChronicleError, ValidationFailed
from .project import Project
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
@click.version_option(package_name="chronicle-kg")
@click.pass_context
def main(ctx: click.Context, root: Path | None) -> None:
    """chronicle-kg: a knowledge graph of AI systems, benchmarks and milestones, with provenance."""
    ctx.obj = root


def _project(ctx: click.Context) -> Project:
    return Project.find(ctx.find_root().obj)


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
    result = build_graph(project, out)
    _print_report(result.report)
    for path in result.files:
        click.echo(f"wrote {path}")
    click.echo(f"built {result.triples} triples: {result.report.summary()}", err=True)
