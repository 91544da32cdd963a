"""Replacing a directory all at once: readers, and a process killed at any moment, see the old contents or
the new ones, never a mix.

The new version is made in a hidden sibling directory, then the two are exchanged with one renameat2
(RENAME_EXCHANGE) system call, and the old version, now in the sibling, is removed. Where the kernel cannot
exchange, two renames are used, and the next run puts back a directory a kill left renamed aside.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_LIBC = ctypes.CDLL(None, use_errno=True)


def replace_directory(target: Path, fill: Callable[[Path], None], keep: Callable[[Path], bool] = lambda _: False
                      ) -> None:
    """Make `target` what `fill(new)` writes into an empty directory `new`, plus the entries of the old
    `target` that `keep` selects (hard-linked, so kept files cost no copy), in one step."""
    target = target.absolute()
    target.parent.mkdir(parents=True, exist_ok=True)
    _recover(target)
    staged = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    try:
        if target.is_dir():
            for entry in target.iterdir():
                if keep(entry):
                    _link_copy(entry, staged / entry.name)
        fill(staged)
        _sync_tree(staged)
        if target.exists():
            _exchange(staged, target)
        else:
            os.rename(staged, target)
            staged = None
    finally:
        if staged is not None:
            shutil.rmtree(staged, ignore_errors=True)
    _sync(target.parent)


def write_files(directory: Path, files: Mapping[str, bytes]) -> None:
    """Write `files` (name to bytes) into `directory` as one set, keeping its other entries."""
    def fill(new: Path) -> None:
        for name, data in files.items():
            (new / name).write_bytes(data)
            os.chmod(new / name, 0o644)

    replace_directory(directory, fill, keep=lambda entry: entry.name not in files)


def _exchange(staged: Path, target: Path) -> None:
    result = _LIBC.renameat2(_AT_FDCWD, os.fsencode(staged), _AT_FDCWD, os.fsencode(target), _RENAME_EXCHANGE)
    if result == 0:
        return
    aside = target.with_name(f".{target.name}.old")  # no exchange here: two renames, recovered by _recover
    shutil.rmtree(aside, ignore_errors=True)
    os.rename(target, aside)
    os.rename(staged, target)
    os.rename(aside, staged)


def _recover(target: Path) -> None:
    """Undo what a killed run left: a target renamed aside, and abandoned new versions."""
    aside = target.with_name(f".{target.name}.old")
    if aside.exists() and not target.exists():
        os.rename(aside, target)
    for leftover in target.parent.glob(f".{target.name}.new-*"):
        shutil.rmtree(leftover, ignore_errors=True)
    shutil.rmtree(aside, ignore_errors=True)


def _link_copy(source: Path, destination: Path) -> None:
    if source.is_dir() and not source.is_symlink():
        shutil.copytree(source, destination, copy_function=os.link, symlinks=True)
    else:
        os.link(source, destination, follow_symlinks=False)


def _sync_tree(directory: Path) -> None:
    for path in sorted(directory.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as stream:
                os.fsync(stream.fileno())
    _sync(directory)


def _sync(directory: Path) -> None:
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
