"""Strict reading of third-party CSV files: every row with the line it starts on, every problem with
file and line.

A file with a byte-order mark, mixed line endings (CRLF throughout, RFC 4180's, is fine), a malformed
quote, no header, no rows, or a missing column is refused before anything is imported.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from .errors import ImportInputError


@dataclass(frozen=True)
class Row:
    """One CSV record: its values by column name and the line of the file it starts on."""

    values: dict[str, str]
    line: int

    def get(self, column: str) -> str:
        """The value of a column, stripped of surrounding white space ('' when absent)."""
        return (self.values.get(column) or "").strip()


@dataclass(frozen=True)
class Table:
    """A CSV file read strictly: its name as shown in messages, header and rows."""

    name: str
    columns: list[str]
    rows: list[Row]

    def where(self, row: Row) -> str:
        return f"{self.name}:{row.line}"


def read_text(path: Path, name: str) -> str:
    """A data file's text with LF line endings; refused when it is not UTF-8, starts with a BOM, is empty or
    mixes line endings."""
    if not path.is_file():
        raise ImportInputError(f"{name}: no such file: give the path of the data set's file or folder")
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        raise ImportInputError(f"{name}:1: the file starts with a byte-order mark (BOM): save it as UTF-8 "
                               "without BOM")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ImportInputError(f"{name}:{line}: not UTF-8 text ({error.reason}): convert the file to UTF-8")
    if not text.strip():
        raise ImportInputError(f"{name}:1: the file is empty: give a file with a header and rows")
    if "\r" in text:
        text = _unix_line_endings(text, name)
    return text


def _unix_line_endings(text: str, name: str) -> str:
    """Consistent CRLF line endings (RFC 4180's) become LF; a mix of CRLF and LF, or a lone CR, is refused."""
    lines = text.split("\n")
    ending = ["\r" if line.endswith("\r") else "" for line in lines[:-1]]
    for number, line in enumerate(lines, 1):
        if "\r" in line.rstrip("\r") or line.endswith("\r\r"):
            raise ImportInputError(f"{name}:{number}: a carriage return (CR) inside a line: save the file with "
                                   "LF or CRLF line endings")
    if len(set(ending)) > 1:
        number = next(i for i, kind in enumerate(ending, 1) if kind != ending[0])
        raise ImportInputError(f"{name}:{number}: mixed line endings (this line's differs from line 1's): "
                               "save the file with one kind of line ending, e.g. with dos2unix")
    return text.replace("\r\n", "\n")


def read_csv(path: Path, name: str, required: list[str]) -> Table:
    """Read a CSV file with a header, checking that the `required` columns are there."""
    text = read_text(path, name)
    rows: list[Row] = []
    header: list[str] | None = None
    for start, record in _records(text, name):
        if header is None:
            header = record
            _check_header(header, required, name)
            continue
        if record == [] or record == [""]:
            continue
        if len(record) != len(header):
            raise ImportInputError(f"{name}:{start}: {len(record)} fields where the header has "
                                   f"{len(header)}: check the quoting of this row")
        rows.append(Row(dict(zip(header, record)), start))
    if header is None:
        raise ImportInputError(f"{name}:1: no header row: the first line must name the columns")
    if not rows:
        raise ImportInputError(f"{name}:2: the file has a header but no rows")
    return Table(name, header, rows)


def _records(text: str, name: str) -> list[tuple[int, list[str]]]:
    """(starting line, fields) of every CSV record; quoted fields may span lines."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    records = []
    index = 0
    while index < len(lines):
        start = index
        chunk = [lines[index]]
        while _open_quote("\n".join(chunk)):
            index += 1
            if index >= len(lines):
                raise ImportInputError(f"{name}:{start + 1}: a quoted field is never closed: check the quotes "
                                       "on this line")
            chunk.append(lines[index])
        try:
            parsed = list(csv.reader(["\n".join(chunk)], strict=True))
        except csv.Error as error:
            raise ImportInputError(f"{name}:{start + 1}: malformed CSV ({error}): check the quotes on this "
                                   "line") from None
        records.append((start + 1, parsed[0] if parsed else []))
        index += 1
    return records


def _open_quote(text: str) -> bool:
    """Whether a CSV fragment ends inside a quoted field."""
    return text.count('"') % 2 == 1


def _check_header(header: list[str], required: list[str], name: str) -> None:
    missing = [column for column in required if column not in header]
    if missing:
        raise ImportInputError(
            f"{name}:1: missing column(s) {', '.join(repr(c) for c in missing)} (the header has "
            f"{', '.join(repr(c) for c in header[:12])}{', ...' if len(header) > 12 else ''}): is this the "
            "right file for this kind of import?"
        )
