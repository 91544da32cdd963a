"""HTTP caching of a read-only site: strong entity tags, If-None-Match, and a bounded store of complete answers.

>>> tag = entity_tag("text/csv", b"a,b\\r\\n")
>>> tag
'"ck-745d064df48a83d36729099257ff92bb"'
>>> none_match(f'"other", W/{tag}', tag), none_match("*", tag), none_match('"other"', tag)
(True, True, False)
>>> cache = AnswerCache(limit_bytes=20)
>>> for key in "abcde":
...     cache.put(key, key.upper(), 5)
>>> cache.get("a"), cache.get("e")
(None, 'E')
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


def entity_tag(content_type: str, body: bytes) -> str:
    """A strong entity tag for a representation: a digest of its media type and its bytes, so two different
    representations never share one, and the same representation always gets the same one."""
    digest = hashlib.blake2b(content_type.encode("utf-8") + b"\n" + body, digest_size=16).hexdigest()
    return f'"ck-{digest}"'


def none_match(header: str, tag: str) -> bool:
    """Whether an If-None-Match header value names `tag` (or is `*`), comparing weakly as RFC 9110 asks."""
    listed = [item.strip().removeprefix("W/") for item in header.split(",")]
    return "*" in listed or tag in listed


class AnswerCache(Generic[Key, Value]):
    """The most recently used answers, at most `limit_bytes` in all (each put says its size); thread-safe."""

    def __init__(self, limit_bytes: int) -> None:
        self.limit_bytes = limit_bytes
        self._entries: OrderedDict[Key, tuple[Value, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Key) -> Value | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: Key, value: Value, size: int) -> None:
        """Keep `value` unless it alone is over a quarter of the limit; drop the least recently used to fit."""
        if size > self.limit_bytes // 4:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            self._bytes -= old[1] if old else 0
            self._entries[key] = (value, size)
            self._bytes += size
            while self._bytes > self.limit_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped
