"""`chronicle import minif2f FOLDER`: the miniF2F-test table of the InternLM-Math README, and the recount
of InternLM's released raw proof-search outputs (internlm-math-minif2f/).

The table's own models are self-reported claims, its baselines third-party reports. For a model whose
raw outputs are in raw_outputs/ (one JSON file per shard, one record per theorem with a success flag),
the importer counts the proved theorems over all shards; when that recount rounds to the published
score, the claim's evidence status becomes "reproducible from published logs" and its note gives the
count. A recount that disagrees is reported as a conflict and leaves the claim self-reported.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

from ..errors import ImportInputError
from ..tabular import read_text
from .context import DataSetInfo, ImportContext, Importer, Score, Setting, one_data_set, parse_decimal

INFO = DataSetInfo(
    slug="internlm-math-minif2f",
    title="InternLM2-Math on miniF2F-test: published table and raw proof-search outputs",
    description="The miniF2F-test tables of the InternLM-Math README (InternLM2-Math and the baselines it "
                "lists) and the raw per-theorem outputs of InternLM's own evaluation run of the two base "
                "models, which InternLM published so that the numbers can be checked.",
    publisher="shanghai-ai-laboratory",
    license="https://www.apache.org/licenses/LICENSE-2.0",
    attribution="InternLM team (Shanghai AI Laboratory), InternLM/InternLM-Math, Apache-2.0",
    version="eaead17b7b95670f0592f5b818080fb6762f3fdf",
    issued="2024-10-23",
    url="https://github.com/InternLM/InternLM-Math",
)
COLUMNS = ["model", "benchmark", "setting", "score", "source_title", "source_url", "reporter", "reporter_relation"]
OUTPUTS = "https://github.com/InternLM/InternLM-Math/tree/e93a919c6c7dc2cac327b6a4abed430d51dff91b/eval/pretrain/minif2f/output"
_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")


def run(path: Path, context: ImportContext) -> None:
    table_path = path / "readme_minif2f_table.csv" if path.is_dir() else path
    table = context.read(table_path, COLUMNS)
    recounts = _recounts(path / "raw_outputs", context) if path.is_dir() else {}
    for row in table.rows:
        where = table.where(row)
        value = parse_decimal(row.get("score"))
        if value is None:
            context.report.skip(where, f"score {row.get('score')!r} is not a number")
            continue
        reporter = context.org(row.get("reporter"))
        own = row.get("reporter_relation") == "self"
        system = context.system(row.get("model"), reporter if own else None)
        status, note = ("self-reported" if own else "third-party-report"), None
        if system in recounts:
            proved, total, files = recounts[system]
            percent = Decimal(100 * proved) / Decimal(total)
            note = (f"recount of the released raw outputs ({files}): {proved}/{total} theorems proved = "
                    f"{percent.quantize(Decimal('0.01'))} %")
            if abs(percent - value) < Decimal("0.05"):
                status = "reproducible-from-logs"
            else:
                context.report.conflicts.append(f"{where}: published {value} but the raw outputs give {note}")
        date = _DATE.search(row.get("source_title"))
        source = context.source(row.get("source_title"), row.get("source_url"), "repository", "S1", reporter)
        context.score(Score(
            system=system, benchmark=context.benchmark(row.get("benchmark")), value=value, source=source,
            status=status, tier="T1" if own else "T2", setting=Setting(text=row.get("setting") or None),
            measured=date.group(1) if date else None, evaluator=reporter if own else None,
            evaluator_relation="first-party" if own else None, note=note,
            log=OUTPUTS if status == "reproducible-from-logs" else None,
        ), where)


def _recounts(folder: Path, context: ImportContext) -> dict[str, tuple[int, int, str]]:
    """system IRI -> (theorems proved, theorems, files) over every shard of its raw outputs."""
    shards: dict[str, list[tuple[int, int, int]]] = {}
    expected: dict[str, int] = {}
    for file in sorted(folder.glob("*/*.json")):
        try:
            document = json.loads(read_text(file, str(file)))
            args, results = document["args"], document["results"]
            proved = sum(1 for result in results if result["success"] is True
                         and not result["example"]["full_name"].startswith("sum_pairs"))
            counted = sum(1 for result in results if not result["example"]["full_name"].startswith("sum_pairs"))
            shards.setdefault(args["model_name"], []).append((int(args["shard"]), proved, counted))
            expected[args["model_name"]] = int(args["num_shards"])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
            raise ImportInputError(f"{file}: not a raw proof-search output ({type(error).__name__}: {error}): "
                                   "expected {'args': {...}, 'results': [...]}") from None
        context.report.rows_read += len(results)
    recounts = {}
    for model, parts in sorted(shards.items()):
        if sorted(shard for shard, _, _ in parts) != list(range(expected[model])):
            context.report.skip(str(folder), f"{model}: shards {sorted(s for s, _, _ in parts)} of "
                                             f"{expected[model]}: "
                                             "no recount")
            continue
        recounts[context.system(model)] = (sum(p for _, p, _ in parts), sum(c for _, _, c in parts),
                                           f"{len(parts)} shards")
    return recounts


IMPORTER = Importer("minif2f", one_data_set(INFO), run)
