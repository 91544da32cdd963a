"""`chronicle diff OLD NEW`: what changed between two releases, or a release and the current graph.

Records (claims and milestones) are compared by IRI: added, removed, and changed in value, evidence
status, evidence level or verification status; entities added and removed; corrections that NEW records
and OLD did not. Rendered as Markdown for people or as RDF (Turtle, the ck: diff terms) for machines.
"""

from __future__ import annotations

from dataclasses import dataclass
from hashlib import md5

import rdflib
from rdflib.namespace import DCTERMS, RDF

from .errors import ChronicleError
from .formats import by_name
from .iris import BASE, CK, ID, PREFIXES, release_iri
from .load import load_project
from .project import Project
from .query import internal_query, run_sparql
from .store import Store, Term
from .versions import CURRENT, load_release, parse_version

DIFF_FORMATS = ("md", "ttl")
COMPARED = (  # (field, the ck: property it compares, whether its value is a concept)
    ("value", "value", False),
    ("evidenceStatus", "evidenceStatus", True),
    ("evidenceLevel", "evidenceLevel", True),
    ("verificationStatus", "verificationStatus", True),
)
_FIELD_NAMES = {"value": "value", "evidenceStatus": "evidence status", "evidenceLevel": "evidence level",
                "verificationStatus": "verification status"}


@dataclass(frozen=True)
class Change:
    """One compared field of one record that differs; None where the field is absent."""

    record: str
    label: str
    field: str
    old: Term | None
    new: Term | None
    old_label: str
    new_label: str


@dataclass(frozen=True)
class Correction:
    iri: str
    date: str
    what_changed: str
    reason: str
    by: str
    records: tuple[tuple[str, str | None], ...]  # (corrected record, its replacement)


@dataclass(frozen=True)
class Diff:
    old: str
    new: str
    added: list[tuple[str, str]]  # (record, label)
    removed: list[tuple[str, str]]
    changed: list[Change]
    entities_added: list[tuple[str, str, str]]  # (entity, kind, label)
    entities_removed: list[tuple[str, str, str]]
    corrections: list[Correction]

    @property
    def iri(self) -> str:
        return f"{BASE}diff/{self.old}--{self.new}"


def side(project: Project, name: str) -> Store:
    """The graph a diff side names: a release version, or `current` (the chronicle directory now)."""
    if name == CURRENT:
        return load_project(project).store
    try:
        parse_version(name)
    except ChronicleError:
        raise ChronicleError(f"{name!r} is neither a release version (MAJOR.MINOR.PATCH) nor {CURRENT!r}") from None
    return load_release(project, name)


def diff_releases(project: Project, old: str, new: str) -> Diff:
    """The changes from `old` to `new` (versions or `current`)."""
    before, after = side(project, old), side(project, new)
    records_before, records_after = _rows(before, "diff-records", "record"), _rows(after, "diff-records", "record")
    entities_before, entities_after = _rows(before, "diff-entities", "entity"), _rows(after, "diff-entities", "entity")
    corrections_before = {str(r["correction"]) for r in run_sparql(before, internal_query("diff-corrections")).rows}
    return Diff(
        old, new,
        added=[(k, str(records_after[k]["label"])) for k in sorted(records_after.keys() - records_before.keys())],
        removed=[(k, str(records_before[k]["label"])) for k in sorted(records_before.keys() - records_after.keys())],
        changed=[change for k in sorted(records_before.keys() & records_after.keys())
                 for change in _changes(k, records_before[k], records_after[k])],
        entities_added=[_entity(k, entities_after[k]) for k in sorted(entities_after.keys() - entities_before.keys())],
        entities_removed=[_entity(k, entities_before[k])
                          for k in sorted(entities_before.keys() - entities_after.keys())],
        corrections=[c for c in _corrections(after) if c.iri not in corrections_before],
    )


def _rows(store: Store, query: str, key: str) -> dict[str, dict[str, Term]]:
    return {str(row[key]): row for row in run_sparql(store, internal_query(query)).rows}


def _entity(iri: str, row: dict[str, Term]) -> tuple[str, str, str]:
    return iri, str(row.get("kind", "")), str(row.get("label", iri))


def _changes(record: str, before: dict[str, Term], after: dict[str, Term]) -> list[Change]:
    changes = []
    for field, _, _ in COMPARED:
        old, new = before.get(field), after.get(field)
        if _key(old) != _key(new):
            changes.append(Change(record, str(after["label"]), field, old, new,
                                  _shown(before, field), _shown(after, field)))
    return changes


def _key(term: Term | None) -> object:
    """What makes two values the same: a literal's datatype and value (releases store literals in the
    engine's canonical form, so "72.0" and "72" are one decimal), else the term."""
    if isinstance(term, rdflib.Literal) and term.datatype is not None:
        try:
            return term.datatype, term.toPython()
        except ValueError:
            return term
    return term


def _shown(row: dict[str, Term], field: str) -> str:
    term = row.get(f"{field}Label", row.get(field))
    return "none" if term is None else str(term)


def _corrections(store: Store) -> list[Correction]:
    grouped: dict[str, Correction] = {}
    for row in run_sparql(store, internal_query("diff-corrections")).rows:
        iri = str(row["correction"])
        pair = (str(row["record"]), str(row["replacement"]) if "replacement" in row else None)
        known = grouped.get(iri)
        if known is None:
            grouped[iri] = Correction(iri, str(row.get("date", "")), str(row.get("whatChanged", "")),
                                      str(row.get("reason", "")), str(row.get("by", "")),
                                      (pair,) if "record" in row else ())
        elif "record" in row and pair not in known.records:
            grouped[iri] = Correction(known.iri, known.date, known.what_changed, known.reason, known.by,
                                      known.records + (pair,))
    return list(grouped.values())


def render_diff(diff: Diff, fmt: str) -> str:
    """The diff as Markdown (`md`) or Turtle (`ttl`)."""
    if fmt == "md":
        return _markdown(diff)
    if fmt == "ttl":
        return _turtle(diff)
    raise ChronicleError(f"unknown diff format {fmt!r}: use one of {', '.join(DIFF_FORMATS)}")


def _short(iri: str) -> str:
    return iri.removeprefix(ID)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _markdown(diff: Diff) -> str:
    lines = [f"# Changes from {diff.old} to {diff.new}", ""]
    lines += [f"{len(diff.added)} claims or milestones added, {len(diff.removed)} removed, "
              f"{len({c.record for c in diff.changed})} changed; {len(diff.entities_added)} entities added, "
              f"{len(diff.entities_removed)} removed; {len(diff.corrections)} corrections made.", ""]

    def section(title: str, header: str, rows: list[str]) -> None:
        if rows:
            lines.extend([f"## {title}", "", header, "|" + "---|" * header.count(" | ") + "---|", *rows, ""])

    section("Added claims and milestones", "| record | label |",
            [f"| `{_short(r)}` | {_cell(label)} |" for r, label in diff.added])
    section("Removed claims and milestones", "| record | label |",
            [f"| `{_short(r)}` | {_cell(label)} |" for r, label in diff.removed])
    section("Changed claims and milestones", "| record | label | field | old | new |",
            [f"| `{_short(c.record)}` | {_cell(c.label)} | {_FIELD_NAMES[c.field]} | {_cell(c.old_label)} | "
             f"{_cell(c.new_label)} |" for c in diff.changed])
    section("Added entities", "| entity | kind | label |",
            [f"| `{_short(e)}` | {kind} | {_cell(label)} |" for e, kind, label in diff.entities_added])
    section("Removed entities", "| entity | kind | label |",
            [f"| `{_short(e)}` | {kind} | {_cell(label)} |" for e, kind, label in diff.entities_removed])
    section("Corrections made", "| date | correction | record | replaced by | what changed | why | by |",
            [f"| {c.date} | `{_short(c.iri)}` | {', '.join(f'`{_short(r)}`' for r, _ in c.records)} | "
             f"{', '.join(f'`{_short(n)}`' for _, n in c.records if n) or '-'} | {_cell(c.what_changed)} | "
             f"{_cell(c.reason)} | {_cell(c.by)} |" for c in diff.corrections])
    return "\n".join(lines).rstrip("\n") + "\n"


def _side_iri(name: str) -> rdflib.URIRef | None:
    return None if name == CURRENT else rdflib.URIRef(release_iri(name))


def _turtle(diff: Diff) -> str:
    ck = rdflib.Namespace(CK)
    node = rdflib.URIRef(diff.iri)
    triples: list[tuple[Term, Term, Term]] = [
        (node, RDF.type, ck.ReleaseDiff),
        (node, DCTERMS.title, rdflib.Literal(f"Changes from {diff.old} to {diff.new}")),
    ]
    for predicate, name in ((ck.fromRelease, diff.old), (ck.toRelease, diff.new)):
        if (release := _side_iri(name)) is not None:
            triples.append((node, predicate, release))
    triples += [(node, ck.addedRecord, rdflib.URIRef(r)) for r, _ in diff.added]
    triples += [(node, ck.removedRecord, rdflib.URIRef(r)) for r, _ in diff.removed]
    triples += [(node, ck.addedEntity, rdflib.URIRef(e)) for e, _, _ in diff.entities_added]
    triples += [(node, ck.removedEntity, rdflib.URIRef(e)) for e, _, _ in diff.entities_removed]
    triples += [(node, ck.newCorrection, rdflib.URIRef(c.iri)) for c in diff.corrections]
    concepts = {field: concept for field, _, concept in COMPARED}
    properties = {field: prop for field, prop, _ in COMPARED}
    for change in diff.changed:
        iri = rdflib.URIRef(f"{diff.iri}/change/{md5(change.record.encode()).hexdigest()}/{change.field}")
        triples += [(node, ck.recordChange, iri), (iri, RDF.type, ck.RecordChange),
                    (iri, ck.changedRecord, rdflib.URIRef(change.record)),
                    (iri, ck.changedProperty, ck[properties[change.field]])]
        old_p, new_p = (ck.oldConcept, ck.newConcept) if concepts[change.field] else (ck.oldValue, ck.newValue)
        triples += [(iri, p, v) for p, v in ((old_p, change.old), (new_p, change.new)) if v is not None]
    store = Store.memory()
    store.add(triples)
    prefixes = {k: PREFIXES[k] for k in ("ck", "dcterms", "rdf", "xsd", "claim", "milestone", "correction")}
    return store.dump(by_name("turtle"), prefixes).decode("utf-8")
