"""HTTP content negotiation (RFC 9110, section 12.5.1): pick the offered media type an Accept header prefers.

>>> choose("text/html,application/xhtml+xml;q=0.9,*/*;q=0.8", ["text/turtle", "text/html"])
'text/html'
>>> choose("application/sparql-results+json;q=0.5, text/csv", ["application/sparql-results+json", "text/csv"])
'text/csv'
>>> choose("text/*;q=0.1, image/png", ["application/json"]) is None
True
>>> choose("", ["text/turtle", "text/html"])
'text/turtle'
"""

from __future__ import annotations

from collections.abc import Sequence


def _ranges(accept: str) -> list[tuple[str, float, int]]:
    """(media range, quality, position) for each entry of an Accept header."""
    ranges = []
    for position, entry in enumerate(accept.split(",")):
        media, *parameters = [part.strip() for part in entry.split(";")]
        if not media:
            continue
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = min(max(float(value), 0.0), 1.0)
                except ValueError:
                    quality = 0.0
        ranges.append((media.lower(), quality, position))
    return ranges


def _quality(offer: str, ranges: list[tuple[str, float, int]]) -> tuple[float, int]:
    """The quality the most specific matching range gives `offer`, and that range's position."""
    kind, _, _ = offer.partition("/")
    best: tuple[int, float, int] | None = None
    for media, quality, position in ranges:
        if media == offer:
            specificity = 2
        elif media == f"{kind}/*":
            specificity = 1
        elif media == "*/*" or media == "*":
            specificity = 0
        else:
            continue
        if best is None or specificity > best[0]:
            best = (specificity, quality, position)
    return (0.0, 0) if best is None else (best[1], best[2])


def choose(accept: str | None, offered: Sequence[str]) -> str | None:
    """The offered media type the client prefers most (ties: the earlier Accept entry, then the earlier
    offer); the first offer when there is no Accept header; None when the client accepts none of them."""
    if not accept or not accept.strip():
        return offered[0] if offered else None
    ranges = _ranges(accept)
    scored = []
    for order, offer in enumerate(offered):
        quality, position = _quality(offer.lower(), ranges)
        if quality > 0:
            scored.append((-quality, position, order, offer))
    return min(scored)[3] if scored else None
