"""The SPARQL tokenizer (one regular expression) reads any text exactly as a character-by-character scanner
written from its definition does: every canned query, and random text made of SPARQL's tricky characters."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from chronicle_kg.sparqltext import tokens

ROOT = Path(__file__).resolve().parents[1]
_WORD = re.compile(r"[?$]?[A-Za-z_][\w\-.:]*")


def scanned(text: str) -> Iterator[tuple[int, str]]:
    """The definition, one offset at a time: comments and strings skipped (a backslash skips the next
    character), an IRI is '<' not followed by a space, '=' or '<', up to the next '>'."""
    i = 0
    while i < len(text):
        char = text[i]
        if char == "#":
            newline = text.find("\n", i)
            i = len(text) if newline < 0 else newline + 1
        elif char in "\"'":
            quote = char * 3 if text.startswith(char * 3, i) else char
            i += len(quote)
            while i < len(text) and not text.startswith(quote, i):
                i += 2 if text[i] == "\\" else 1
            i += len(quote)
        elif char == "<" and i + 1 < len(text) and not text[i + 1].isspace() and text[i + 1] not in "=<":
            close = text.find(">", i)
            end = len(text) if close < 0 else close + 1
            yield i, text[i:end]
            i = end
        elif char in "{}()":
            yield i, char
            i += 1
        elif (match := _WORD.match(text, i)) is not None:
            yield i, match.group()
            i = match.end()
        else:
            i += 1


@pytest.mark.parametrize("path", sorted((ROOT / "queries").glob("*.rq")), ids=lambda p: p.stem)
def test_canned_queries_tokenize_as_defined(path: Path):
    text = path.read_text(encoding="utf-8")
    assert list(tokens(text)) == list(scanned(text))


TRICKY = st.text(alphabet=st.sampled_from(list("#\"'<>=\\{}()?$aZ_1-.: \n\t\u00a0\u2028é")), max_size=60)


@settings(max_examples=3000, deadline=None)
@given(TRICKY)
@example("'''a'b''c''' ?x \"\"\"a\"b\"\"c\"\"\"\" ?y")
@example("'a\\'b' \"c\\\"d\" ?z '''\\''' ?w \"\\")
@example("<a b> <=x <<y> < z> ?v <")
@example("# {\n?x # (\r?y")
def test_any_text_tokenizes_as_defined(text: str):
    assert list(tokens(text)) == list(scanned(text))
