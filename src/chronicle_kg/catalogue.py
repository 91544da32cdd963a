"""The canned-query catalogue: one `.rq` file per query, described by its own header comment.

A header is the file's leading comment block: the first line is the title, `@param` lines declare
parameters, every other line is description::

    # Scorecard
    #
    # Each benchmark one system is scored on, with value, evidence status and cited source.
    #
    # @param system iri:system required  The system: a slug (internlm-20b) or a full IRI.
    # @param reproduced_only boolean = false  Count only independently reproduced claims.

A parameter is `required`, has a default (`= VALUE`), or is `optional` (unbound when not given).
An optional `@columns a b c` line names the columns a terminal table or Markdown shows (default: all).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import ParameterError, ProjectError, QueryError
from .params import check_type

_PARAM = re.compile(r"^@param\s+([a-z][a-z0-9_]*)\s+(\S+)\s+(required|optional|=\s*(\S+))\s*(.*)$")


@dataclass(frozen=True)
class Parameter:
    name: str
    type: str
    required: bool
    default: str | None
    description: str


@dataclass(frozen=True)
class CannedQuery:
    name: str
    title: str
    description: str
    parameters: tuple[Parameter, ...]
    columns: tuple[str, ...]
    text: str
    path: Path


def read_query(path: Path) -> CannedQuery:
    """Read one `.rq` file and its header."""
    text = path.read_text(encoding="utf-8")
    header: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("#"):
            break
        header.append((number, line[1:].strip()))
    lines = [content for _, content in header]
    if not lines or not lines[0]:
        raise ProjectError(f"{path}:1: a canned query starts with a '# Title' comment line")
    parameters, description, columns = [], [], ()
    for number, content in header[1:]:
        if content.startswith("@param"):
            parameters.append(_parameter(path, number, content))
        elif content.startswith("@columns"):
            columns = tuple(content.split()[1:])
        else:
            description.append(content)
    return CannedQuery(
        name=path.stem,
        title=lines[0],
        description="\n".join(description).strip(),
        parameters=tuple(parameters),
        columns=columns,
        text=text,
        path=path,
    )


def _parameter(path: Path, number: int, content: str) -> Parameter:
    match = _PARAM.match(content)
    if not match:
        raise ProjectError(
            f"{path}:{number}: write a parameter as '@param NAME TYPE required|optional|= DEFAULT  description'"
        )
    name, type_name, mode, default, description = match.groups()
    try:
        check_type(type_name)
    except ParameterError as error:
        raise ProjectError(f"{path}:{number}: {error}") from None
    return Parameter(name, type_name, mode == "required", default, description)


def catalogue(queries_dir: Path) -> list[CannedQuery]:
    """Every canned query in `queries_dir`, sorted by name."""
    return [read_query(path) for path in sorted(queries_dir.glob("*.rq"))]


def find_query(queries_dir: Path, name: str) -> CannedQuery:
    """The canned query called `name`, or an error naming the closest ones."""
    path = queries_dir / f"{name}.rq"
    if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name) and path.is_file():
        return read_query(path)
    names = [q.stem for q in sorted(queries_dir.glob("*.rq"))]
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
    hint = f"did you mean {', '.join(close)}?" if close else f"known queries: {', '.join(names)}"
    raise QueryError(f"unknown query {name!r}: {hint} (chronicle queries lists them)")
