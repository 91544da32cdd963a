"""`chronicle import open-llm-leaderboard FILE`: Hugging Face's Open LLM Leaderboard v1
(open_llm_leaderboard_v1.csv), one row per evaluated model revision.

Every row gives six scores Hugging Face measured with EleutherAI's lm-evaluation-harness under the
leaderboard's fixed settings (SETTINGS, from the leaderboard's About page) plus their average, a
benchmark suite. Each becomes a claim evaluated by Hugging Face, with the evaluation date, the evaluated
model revision and precision (both part of the claim's IRI, as two runs of one model differ), and the
model type (pretrained, fine-tuned, chat, merge). The repository's owner ("internlm" in
internlm/internlm-20b) becomes the system's developer, so that the developers' own models can be told
from community fine-tunes.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from ..iris import entity_iri
from ..tabular import Row, Table
from .context import (
    DataSetInfo, ImportContext, Importer, Score, Setting, one_data_set, parse_date, parse_decimal,
)

INFO = DataSetInfo(
    slug="open-llm-leaderboard",
    title="Open LLM Leaderboard v1 (archived)",
    description="Hugging Face's Open LLM Leaderboard, first version (2023-2024): ARC, HellaSwag, MMLU, "
                "TruthfulQA, Winogrande and GSM8K run by Hugging Face with EleutherAI's lm-evaluation-harness "
                "on thousands of open models, with model type, precision and evaluated revision.",
    publisher="hugging-face",
    license=None,
    attribution="Hugging Face, Open LLM Leaderboard v1 (license not stated in this copy)",
    version="v1-archived",
    issued="2024-06-26",
    url="https://huggingface.co/spaces/open-llm-leaderboard-old/open_llm_leaderboard",
)
# column -> (benchmark slug, shots, metric variant): the leaderboard's fixed settings.
SETTINGS = {
    "arc": ("arc-ai2", 25, "acc_norm"),
    "hellaswag": ("hellaswag", 10, "acc_norm"),
    "mmlu": ("mmlu", 5, "acc"),
    "truthfulqa": ("truthfulqa", 0, "mc2"),
    "winogrande": ("winogrande", 5, "acc"),
    "gsm8k": ("gsm8k", 5, "acc"),
    "average": ("open-llm-leaderboard-v1-average", None, None),
}
COLUMNS = ["fullname", "type", "precision", "model_sha", "date", *SETTINGS]
LEADERBOARD = entity_iri("source", "open-llm-leaderboard-v1")
HUGGING_FACE = entity_iri("org", "hugging-face")


def run(path: Path, context: ImportContext) -> None:
    if path.is_dir():
        path = path / "open_llm_leaderboard_v1.csv"
    table = context.read(path, COLUMNS)
    for row in context.rows(table, every=1000):
        _row(context, table, row)


def _row(context: ImportContext, table: Table, row: Row) -> None:
    where = table.where(row)
    name = row.get("fullname")
    if "/" not in name:
        context.report.skip(where, f"model {name!r} is not a Hugging Face repository name (owner/model)")
        return
    developer = context.org(name.split("/", 1)[0])
    system = context.system(name, developer)
    measured = parse_date(row.get("date"))
    if measured is None:
        context.report.skip(where, f"unparseable evaluation date {row.get('date')!r}")
        return
    first_party = developer == HUGGING_FACE
    model_type = row.get("type").lstrip("🟢🔶💬🤝🟩⭕⭐ ?").strip()
    revision = row.get("model_sha")
    for column, (benchmark, shots, metric) in SETTINGS.items():
        value = parse_decimal(row.get(column))
        if value is None:
            context.report.skip(where, f"no score in column {column!r}")
            continue
        if not Decimal(0) <= value <= Decimal(100):
            context.report.skip(where, f"{column} score {value} lies outside the scale 0-100")
            continue
        context.score(Score(
            system=system, benchmark=entity_iri("benchmark", benchmark), value=value, source=LEADERBOARD,
            status="self-reported" if first_party else "third-party-report", tier="T1",
            setting=Setting(shots=shots, metric_variant=metric,
                            extra=(row.get("precision"), revision[:10] or "no-revision")),
            measured=measured, evaluator=HUGGING_FACE,
            evaluator_relation="first-party" if first_party else "third-party",
            extra={"modelType": model_type, "modelRevision": revision, "precision": row.get("precision")},
        ), where)


IMPORTER = Importer("open-llm-leaderboard", one_data_set(INFO), run)
