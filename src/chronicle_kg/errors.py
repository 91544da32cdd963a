"""The one exception family: every error a user can cause is a ChronicleError.

Library code raises these with everything the user needs to act; only the CLI turns
them into exit codes and only the server turns them into HTTP errors.
"""

from __future__ import annotations

from pathlib import Path


class ChronicleError(ValueError):
    """Something the user can fix: bad input, bad configuration, bad parameters."""


class DataSyntaxError(ChronicleError):
    """An RDF file that a strict parser rejects, located by file, line and column."""

    def __init__(self, file: Path | str, line: int | None, column: int | None, reason: str) -> None:
        self.file = str(file)
        self.line = line
        self.column = column
        self.reason = reason
        where = self.file
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {reason}")


class ProjectError(ChronicleError):
    """The chronicle directory is missing a part or holds a file it cannot use."""


class InvalidSlug(ChronicleError):
    """A slug that does not follow the IRI scheme (lower-case ASCII, digits, single hyphens)."""


class ValidationFailed(ChronicleError):
    """The graph does not conform to the shapes; carries the report."""

    def __init__(self, report: object, message: str) -> None:
        self.report = report
        super().__init__(message)


class ParameterError(ChronicleError):
    """A query parameter that is missing, unknown or of the wrong type."""


class QueryError(ChronicleError):
    """A query that cannot run: unknown name, syntax error, refused feature."""


class ImportInputError(ChronicleError):
    """A data set file an importer cannot read: wrong kind, missing column, empty, BOM, CRLF, bad quoting."""
