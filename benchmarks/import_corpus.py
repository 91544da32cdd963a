"""Time the import of every real data set in ../shared/data into a copy of the chronicle directory, and
the validation of each import with the curated graph (pySHACL), printing one line per step.

    python benchmarks/import_corpus.py [--validate] [--shared ../shared/data]

Without --validate only the imports are timed (validation of the two large data sets takes a long time).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from chronicle_kg.importing import import_data_set
from chronicle_kg.project import PARTS, Project

REPO = Path(__file__).resolve().parents[1]
DATA_SETS = [
    ("minif2f", "internlm-math-minif2f"),
    ("paper-tables", "paper-score-tables"),
    ("epoch-models", "epoch-notable-ai-models"),
    ("epoch-models", "epoch-large-scale-ai-models"),
    ("epoch-hub", "epoch-benchmarking-hub"),
    ("open-llm-leaderboard", "open-llm-leaderboard"),
    ("eff-progress", "eff-ai-progress-metrics"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--validate", action="store_true", help="validate each import with pySHACL")
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "data")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory) / "chronicle"
        for part in PARTS:
            shutil.copytree(REPO / part, root / part)
        project = Project.find(root)
        total = time.perf_counter()
        for kind, folder in DATA_SETS:
            result = import_data_set(project, kind, options.shared / folder, check=options.validate)
            validation = result.validation.summary() if result.validation else "not validated"
            print(f"{folder}: {result.report.claims} claims, {result.triples} triples, "
                  f"read {result.seconds_import:.1f} s, write/validate {result.seconds_validate:.1f} s "
                  f"({validation})", flush=True)
        print(f"total: {time.perf_counter() - total:.1f} s")


if __name__ == "__main__":
    main()
