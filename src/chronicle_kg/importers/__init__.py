"""The importers, one module per kind of data set; IMPORTERS maps each `chronicle import` KIND to one."""

from __future__ import annotations

from . import eff_progress, epoch_hub, epoch_models, generic_csv, minif2f, open_llm_leaderboard, paper_tables
from .context import Importer

IMPORTERS: dict[str, Importer] = {
    importer.kind: importer
    for importer in (epoch_hub.IMPORTER, epoch_models.IMPORTER, paper_tables.IMPORTER,
                     open_llm_leaderboard.IMPORTER, minif2f.IMPORTER, eff_progress.IMPORTER,
                     generic_csv.IMPORTER)
}
