"""`chronicle import epoch-models FOLDER`: Epoch AI's model databases, Notable AI Models
(epoch-notable-ai-models/) or Large-Scale AI Models (epoch-large-scale-ai-models/), one data set each.

Every row names a system; its organization(s), publication date, parameter count and training compute
become attribute claims of the data set (ck:releaseDate, ck:parameterCount, ck:trainingCompute), citing
the database, so that facts asserted by several data sets are cross-checked or in conflict. The first
organization named is a new system's developer.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import ImportInputError
from ..tabular import Row, Table
from ..turtle import Literal
from .context import DataSetInfo, ImportContext, Importer, parse_date, parse_decimal

_COMMON = dict(publisher="epoch-ai", license="https://creativecommons.org/licenses/by/4.0/")
DATABASES = {
    "notable_ai_models.csv": DataSetInfo(
        slug="epoch-notable-ai-models", title="Epoch AI Notable AI Models",
        description="Epoch AI's database of notable machine-learning systems, 1950-2025: organization, "
                    "publication date, parameters and training compute with Epoch's estimates.",
        attribution="Data: Epoch AI (epoch.ai), Notable AI Models, CC BY 4.0", version="2026-01-26",
        issued="2026-01-26", url="https://epoch.ai/data/notable-ai-models", **_COMMON),
    "large_scale_ai_models.csv": DataSetInfo(
        slug="epoch-large-scale-ai-models", title="Epoch AI Large-Scale AI Models",
        description="Epoch AI's database of models trained with more than 1e23 FLOP, 2019-2025.",
        attribution="Data: Epoch AI (epoch.ai), Large-Scale AI Models, CC BY 4.0", version="2026-02-16",
        issued="2026-02-16", url="https://epoch.ai/data/large-scale-ai-models", **_COMMON),
}
COLUMNS = ["Model", "Organization", "Publication date", "Parameters", "Training compute (FLOP)"]


def database(path: Path) -> tuple[Path, DataSetInfo]:
    """The database file in `path` (a folder or the file itself) and its data set's record."""
    for name, info in DATABASES.items():
        file = path / name if path.is_dir() else path
        if file.name == name and file.exists():
            return file, info
    raise ImportInputError(f"{path}: neither {' nor '.join(DATABASES)} is here: is this an Epoch AI models "
                           "folder (epoch-notable-ai-models/ or epoch-large-scale-ai-models/)?")


def run(path: Path, context: ImportContext) -> None:
    file, info = database(path)
    table = context.read(file, COLUMNS)
    source = context.source(info.title, info.url, "data", "S2", context.org("Epoch AI"))
    for row in context.rows(table, every=250):
        _row(context, table, row, source)


def _row(context: ImportContext, table: Table, row: Row, source: str) -> None:
    name = row.get("Model")
    if not name:
        context.report.skip(table.where(row), "no model name")
        return
    organizations = [o.strip() for o in row.get("Organization").split(",") if o.strip()]
    system = context.system(name, context.org(organizations[0]) if organizations else None)
    published = parse_date(row.get("Publication date"))
    if published:
        context.attribute(system, "releaseDate", Literal.date(published), source, table.where(row))
    elif row.get("Publication date"):
        context.report.skip(table.where(row), f"unparseable publication date {row.get('Publication date')!r}")
    parameters = parse_decimal(row.get("Parameters"))
    if parameters is not None and parameters > 0:
        context.attribute(system, "parameterCount", Literal.decimal(parameters), source, table.where(row))
    compute = parse_decimal(row.get("Training compute (FLOP)"))
    if compute is not None and compute > 0:
        context.attribute(system, "trainingCompute", Literal.double(float(compute)), source, table.where(row))


IMPORTER = Importer("epoch-models", database, run)
