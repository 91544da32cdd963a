"""`chronicle release VERSION`: a versioned, self-describing release in dist/VERSION/.

The release holds the graph as Turtle, N-Triples and JSON-LD (all graphs merged) and as TriG and N-Quads
(one named graph per data set, plus the ontology and vocabularies), a gzip copy of each, void.ttl (VoID and
DCAT), the HTML documentation of the ontology and vocabularies in docs/, and SHA256SUMS over every file.
It is written to a temporary directory beside its place and renamed into place only when complete; the
same input and issue date give byte-identical files.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from .build import load_valid
from .errors import ChronicleError
from .export import DUMP_NAME, render_sorted
from .formats import by_name
from .iris import PREFIXES
from .ontodocs import documentation
from .project import Project
from .store import SortedTriples, Store
from .validate import Report
from .versions import CHECKSUMS, existing_versions, previous_version, release_dir
from .void import describe

GRAPH_FORMATS = ("turtle", "ntriples", "jsonld")  # the graphs merged into one
DATASET_FORMATS = ("trig", "nquads")  # one named graph per data set


@dataclass(frozen=True)
class ReleaseResult:
    directory: Path
    files: list[str]
    triples: int
    previous: str | None
    report: Report


def release(project: Project, version: str, issued: date) -> ReleaseResult:
    """Validate the project and write release `version` (issued on `issued`) into dist/VERSION/."""
    target = release_dir(project, version)
    if target.exists():
        raise ChronicleError(f"{target} exists: release {version} was made already; releases are never "
                             "rewritten, choose a higher version (releases: "
                             f"{', '.join(existing_versions(project))})")
    loaded, report = load_valid(project)
    previous = previous_version(project, version)
    triples = loaded.store.sorted_triples()
    files = _files(loaded.store, triples, project, version, issued, previous)
    _write_atomically(files, target)
    return ReleaseResult(target, sorted(files), triples.count, previous, report)


def _files(store: Store, triples: SortedTriples, project: Project, version: str, issued: date,
           previous: str | None) -> dict[str, bytes]:
    """Every file of the release by its path inside the release directory (`triples` are the store's)."""
    files: dict[str, bytes] = {}
    for name in GRAPH_FORMATS + DATASET_FORMATS:
        fmt = by_name(name)
        data = render_sorted(triples, fmt, project) if name in GRAPH_FORMATS else store.dump_dataset(fmt, PREFIXES)
        path = f"{DUMP_NAME}.{fmt.extension}"
        if not triples.read_back(data, fmt, path):
            raise ChronicleError(f"{path}: the {fmt.name} dump does not read back as the same graph")
        files[path] = data
        files[path + ".gz"] = gzip.compress(data, compresslevel=9, mtime=0)
    dumps = [(path, by_name(Path(path.removesuffix(".gz")).suffix.lstrip(".")), len(data), path.endswith(".gz"))
             for path, data in sorted(files.items())]
    files["void.ttl"] = describe(store, version, issued, previous, dumps)
    for path, html in documentation(project).items():
        files[f"docs/{path}"] = html.encode("utf-8")
    files[CHECKSUMS] = "".join(f"{hashlib.sha256(data).hexdigest()}  {path}\n"
                               for path, data in sorted(files.items())).encode("ascii")
    return files


def _write_atomically(files: dict[str, bytes], target: Path) -> None:
    """Write `files` into a temporary directory beside `target`, then rename it to `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        for path, data in files.items():
            destination = staging / path
            destination.parent.mkdir(parents=True, exist_ok=True)
            with open(destination, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(destination, 0o644)
        for directory in sorted({p for p in staging.rglob("*") if p.is_dir()} | {staging}):
            os.chmod(directory, 0o755)
        os.rename(staging, target)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise ChronicleError(f"{target}: cannot write the release: {error.strerror or error}") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
