"""Reading SPARQL text without parsing it: the words and brackets outside comments, strings and IRIs.

Used to find where a query's outermost group starts, and to refuse what a query must not do before
any engine sees it.

>>> [t for _, t in tokens('SELECT ?from ("{ SERVICE" AS ?x) WHERE { <http://x/{> ex:load ?o } # LOAD')]
['SELECT', '?from', '(', 'AS', '?x', ')', 'WHERE', '{', 'ex:load', '?o', '}']
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .errors import QueryError

MAX_QUERY_LENGTH = 100_000
MAX_NESTING = 64
REFUSED_KEYWORDS = {
    "SERVICE": "SERVICE (a federated query to another endpoint) is refused: queries run on this graph only",
    "LOAD": "LOAD is refused: the graph is read-only here",
    "FROM": "FROM and FROM NAMED are refused: queries see every graph of the store already "
            "(use GRAPH <...> { } to pick one)",
}
_WORD = re.compile(r"[?$]?[A-Za-z_][\w\-.:]*")


def tokens(text: str) -> Iterator[tuple[int, str]]:
    """(offset, token) for each bracket and word outside comments, strings and IRIs."""
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
            i = len(text) if close < 0 else close + 1
        elif char in "{}()":
            yield i, char
            i += 1
        elif (match := _WORD.match(text, i)) is not None:
            yield i, match.group()
            i = match.end()
        else:
            i += 1


def first_group_brace(text: str) -> int:
    """Offset of the '{' opening the query's outermost WHERE group (after a CONSTRUCT's template).

    >>> first_group_brace("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }")
    29
    """
    construct = False
    for offset, token in tokens(text):
        upper = token.upper()
        if upper == "CONSTRUCT":
            construct = True
        elif upper == "WHERE":
            construct = False
        elif token == "{" and not construct:
            return offset
    raise QueryError("the query has no WHERE group to bind parameters in")


def check_query_text(text: str) -> None:
    """Refuse, before any parsing, a query that is too long or too deeply nested, or that would reach
    outside the graph (SERVICE, LOAD, FROM)."""
    if len(text) > MAX_QUERY_LENGTH:
        raise QueryError(f"the query is {len(text)} characters long; the limit is {MAX_QUERY_LENGTH}")
    depth = 0
    for _, token in tokens(text):
        if token in "{(":
            depth += 1
            if depth > MAX_NESTING:
                raise QueryError(f"the query nests brackets more than {MAX_NESTING} deep")
        elif token in "})":
            depth -= 1
        elif token.upper() in REFUSED_KEYWORDS:
            raise QueryError(REFUSED_KEYWORDS[token.upper()])
