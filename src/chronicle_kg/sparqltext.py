r"""Reading SPARQL text without parsing it: the words and brackets outside comments, strings and IRIs.

Used to find where a query's outermost group starts, and to refuse what a query must not do before
any engine sees it.

>>> [t for _, t in tokens('SELECT ?from ("{ SERVICE" AS ?x) WHERE { <http://x/{> ex:load ?o } # LOAD')]
['SELECT', '?from', '(', 'AS', '?x', ')', 'WHERE', '{', '<http://x/{>', 'ex:load', '?o', '}']
>>> query_form("PREFIX ex: <http://x/> # SELECT\nconstruct { ?s ?p ?o } WHERE { ?s ?p ?o }")
'construct'
>>> query_form("BASE <http://x/> INSERT DATA { <a> <b> <c> }")
'update'
>>> dataset_iris('PREFIX g: <https://w3id.org/chronicle-kg/graph/> SELECT * FROM g:chronicle FROM NAMED <x:y> {}')
['https://w3id.org/chronicle-kg/graph/chronicle', 'x:y']
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from .errors import QueryError

MAX_QUERY_LENGTH = 100_000
MAX_NESTING = 64
REFUSED_KEYWORDS = {
    "SERVICE": "SERVICE (a federated query to another endpoint) is refused: queries run on this graph only",
    "LOAD": "LOAD is refused: the graph is read-only here",
}
QUERY_FORMS = ("select", "ask", "construct", "describe")
UPDATE_OPERATIONS = {"INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH"}


def tokens(text: str) -> Iterator[tuple[int, str]]:
    """(offset, token) for each bracket, word and IRI (with its angle brackets) outside comments and
    strings."""
    return iter(_tokens(text))


@functools.lru_cache(maxsize=16)  # one query's text is read several times (binding, checks, FROM) in a row
def _tokens(text: str) -> tuple[tuple[int, str], ...]:
    return tuple((match.start(), match.group()) for match in _TOKEN.finditer(text) if match.lastgroup == "token")


# At each offset the first alternative that starts there, else the offset is skipped. Comments and strings are
# skipped (a backslash escapes the next character; an unterminated string runs to the end); an IRI is '<'
# followed by neither a space, '=' nor '<', up to the next '>' (or the end).
_TOKEN = re.compile(r'''
    \#[^\n]*\n?
  | "{3}(?:[^"\\]|\\[\s\S]?|"(?!"{2}))*(?:"{3})?
  | '{3}(?:[^'\\]|\\[\s\S]?|'(?!'{2}))*(?:'{3})?
  | "(?:[^"\\]|\\[\s\S]?)*"?
  | '(?:[^'\\]|\\[\s\S]?)*'?
  | (?P<token><(?=[^\s=<])[^>]*>?|[{}()]|[?$]?[A-Za-z_][\w\-.:]*)
''', re.VERBOSE)


def first_group_brace(text: str) -> int:
    """Offset of the '{' that opens the query's WHERE group: the first top-level group, or for a
    CONSTRUCT with a template, the one after it.

    >>> first_group_brace("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }")
    29
    >>> first_group_brace("CONSTRUCT { ?s ?p ?o } { ?s ?p ?o }")
    23
    """
    groups_to_skip = 1 if query_form(text) == "construct" else 0
    depth = 0
    for offset, token in tokens(text):
        if token.upper() == "WHERE" and depth == 0:
            groups_to_skip = 0
        elif token == "{":
            if depth == 0 and groups_to_skip == 0:
                return offset
            depth += 1
        elif token == "}":
            depth -= 1
            groups_to_skip -= depth == 0
    raise QueryError("the query has no WHERE group to bind parameters in")


def at_group_start(text: str, clause: str) -> str:
    r"""`text` with `clause` (such as a VALUES block) on a new line at the start of its WHERE group.

    >>> at_group_start("SELECT * WHERE { ?s ?p ?o }", "VALUES ?s { <x:a> }\n")
    'SELECT * WHERE {\nVALUES ?s { <x:a> }\n ?s ?p ?o }'
    """
    at = first_group_brace(text) + 1
    return f"{text[:at]}\n{clause}{text[at:]}"


def subselect_groups(text: str, names: list[str]) -> list[tuple[int, list[str]]]:
    """Where a sub-select may bind some of the outer query's variables `names` itself: for each sub-select
    (outermost first) that projects them as plain variables, as every enclosing sub-select does, and that
    neither computes them (`AS ?name`) nor limits its rows (LIMIT, OFFSET), the offset of its WHERE
    group's '{' and those names.

    Restricting such a sub-select to the values the outer query joins it with cannot change the result:
    its rows are joined on those variables anyway. Engines evaluate sub-selects on their own, so binding
    the values inside spares them computing rows for every other value.

    >>> q = "SELECT ?a WHERE { { SELECT ?a (COUNT(*) AS ?n) WHERE { ?a ?p ?o } GROUP BY ?a } }"
    >>> subselect_groups(q, ["a", "b"])
    [(53, ['a'])]
    """
    toks = list(tokens(text))
    words = [t.upper() if not t.startswith(("?", "$")) else "?" + t[1:] for _, t in toks]
    match = _matching_brackets(words)
    found: list[tuple[int, list[str]]] = []
    allowed: list[tuple[int, set[str]]] = []  # (end token of an enclosing sub-select, names it passes on)
    for i, word in enumerate(words):
        if word != "SELECT" or i == 0 or words[i - 1] != "{":
            continue
        end = match[i - 1]
        while allowed and allowed[-1][0] < i:
            allowed.pop()
        inherited = allowed[-1][1] if allowed else set(names)
        where = next(j for j in range(i + 1, end) if words[j] == "{")
        depth, projected = 0, set()
        for word_j in words[i + 1:where]:
            depth += word_j == "("
            depth -= word_j == ")"
            if depth == 0 and word_j.startswith("?"):
                projected.add(word_j[1:])
        body = words[where:match[where] + 1]
        computed = {body[k + 1][1:] for k in range(len(body) - 1) if body[k] == "AS"}
        limited = {"LIMIT", "OFFSET"} & set(words[match[where]:end])
        passing = set() if limited else (inherited & projected) - computed
        allowed.append((end, passing))
        if passing and words[where + 1] != "SELECT":  # a group that is only a sub-select takes no VALUES
            found.append((toks[where][0], [n for n in names if n in passing]))
    return found


def _matching_brackets(words: list[str]) -> dict[int, int]:
    stack, match = [], {}
    for i, word in enumerate(words):
        if word in "{(":
            stack.append(i)
        elif word in "})" and stack:
            match[stack.pop()] = i
    return match


def check_query_text(text: str) -> None:
    """Refuse, before any parsing, a query that is too long or too deeply nested, or that would reach
    outside the graph (SERVICE, LOAD). FROM is checked against the store's graphs when the query runs."""
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


def dataset_iris(text: str) -> list[str]:
    """The graph IRIs a query's FROM and FROM NAMED clauses name, prefixed names expanded."""
    prefixes: dict[str, str] = {}
    words = [token for _, token in tokens(text) if token not in "{}()"]
    iris = []
    for i, word in enumerate(words):
        upper = word.upper()
        if upper == "PREFIX" and i + 2 < len(words) and words[i + 2].startswith("<"):
            prefixes[words[i + 1].rstrip(":")] = words[i + 2][1:-1]
        elif upper == "FROM":
            target = words[i + 2] if i + 2 < len(words) and words[i + 1].upper() == "NAMED" else (
                words[i + 1] if i + 1 < len(words) else "")
            if target.startswith("<"):
                iris.append(target[1:-1])
            else:
                prefix, _, local = target.partition(":")
                iris.append(prefixes.get(prefix, prefix + ":") + local)
    return iris


def query_form(text: str) -> str | None:
    """"select", "ask", "construct" or "describe" by the query's first keyword after its prologue;
    "update" for a SPARQL Update operation; None when it is neither (the parser will say why)."""
    words = (token for _, token in tokens(text) if token not in "{}()")
    for word in words:
        upper = word.upper()
        if upper == "PREFIX":
            next(words, None), next(words, None)
        elif upper == "BASE":
            next(words, None)
        elif upper.lower() in QUERY_FORMS:
            return upper.lower()
        elif upper in UPDATE_OPERATIONS:
            return "update"
        else:
            return None
    return None
