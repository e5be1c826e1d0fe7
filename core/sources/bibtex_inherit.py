"""`crossref` and `xdata` inheritance by biblatex's rules, so a child entry reads complete."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["RawEntry", "resolve_inheritance"]


@dataclass(frozen=True, slots=True)
class RawEntry:
    """An entry's type, key and fields (lower-case names, LaTeX values) before inheritance."""

    kind: str
    key: str
    fields: tuple[tuple[str, str], ...]


# Fields no child inherits (biblatex.def, \DeclareDataInheritance{*}{*}).
_NEVER = frozenset(
    {
        "ids",
        "crossref",
        "xref",
        "xdata",
        "entryset",
        "entrysubtype",
        "execute",
        "label",
        "options",
        "presort",
        "related",
        "relatedoptions",
        "relatedstring",
        "relatedtype",
        "shorthand",
        "shorthandintro",
        "sortkey",
    }
)
_TITLE_ALIASES = frozenset({"shorttitle", "sorttitle", "indextitle", "indexsorttitle"})
_Mapping = dict[str, tuple[str, ...]]
_BOOK_PARTS: _Mapping = {
    "title": ("booktitle",),
    "subtitle": ("booksubtitle",),
    "titleaddon": ("booktitleaddon",),
}
_MAIN_PARTS: _Mapping = {
    "title": ("maintitle",),
    "subtitle": ("mainsubtitle",),
    "titleaddon": ("maintitleaddon",),
}
_BOOK_AUTHOR: _Mapping = {**_BOOK_PARTS, "author": ("author", "bookauthor")}

# (parent types, child types, source field -> target fields), after biblatex.def.
_RULES: tuple[tuple[frozenset[str], frozenset[str], _Mapping], ...] = (
    (
        frozenset({"mvbook"}),
        frozenset({"book", "inbook", "bookinbook", "suppbook"}),
        {**_MAIN_PARTS, "author": ("author", "bookauthor")},
    ),
    (
        frozenset({"mvcollection", "mvreference"}),
        frozenset({"collection", "reference", "incollection", "inreference", "suppcollection"}),
        _MAIN_PARTS,
    ),
    (
        frozenset({"mvproceedings"}),
        frozenset({"proceedings", "inproceedings", "conference"}),
        _MAIN_PARTS,
    ),
    (frozenset({"book"}), frozenset({"inbook", "bookinbook", "suppbook"}), _BOOK_AUTHOR),
    (
        frozenset({"collection", "reference"}),
        frozenset({"incollection", "inreference", "suppcollection"}),
        _BOOK_PARTS,
    ),
    (frozenset({"proceedings"}), frozenset({"inproceedings", "conference"}), _BOOK_PARTS),
    (
        frozenset({"periodical"}),
        frozenset({"article", "suppperiodical"}),
        _Mapping({"title": ("journaltitle",), "subtitle": ("journalsubtitle",)}),
    ),
)
_MAX_CHAIN = 20  # parents of parents; biber itself stops long before
# Child types that name their container in booktitle, whatever the parent's type.
_IN_CONTAINER = frozenset(
    {"inbook", "incollection", "inproceedings", "conference", "inreference", "bookinbook"}
)


def resolve_inheritance(entries: Sequence[RawEntry]) -> list[tuple[tuple[str, str], ...]]:
    """Each entry's fields: its own, then what its `xdata` and `crossref` parents give it."""
    by_key: dict[str, RawEntry] = {}
    by_folded: dict[str, RawEntry] = {}
    for entry in entries:
        by_key.setdefault(entry.key, entry)
        by_folded.setdefault(entry.key.lower(), entry)
    resolver = _Resolver(by_key, by_folded)
    return [resolver.complete(entry, ()) for entry in entries]


class _Resolver:
    """Completes entries recursively; a cycle of crossrefs stops where it closes."""

    __slots__ = ("by_folded", "by_key")

    def __init__(self, by_key: dict[str, RawEntry], by_folded: dict[str, RawEntry]) -> None:
        self.by_key = by_key
        self.by_folded = by_folded

    def complete(self, entry: RawEntry, seen: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        own = dict(entry.fields)
        if ("crossref" not in own and "xdata" not in own) or len(seen) > _MAX_CHAIN:
            return entry.fields
        seen = (*seen, entry.key)
        fields = list(entry.fields)
        names = set(own)
        for xkey in own.get("xdata", "").split(","):
            parent = self._find(xkey.strip(), seen)
            if parent is not None:
                for name, value in self.complete(parent, seen):
                    if name not in names and name not in _NEVER:
                        fields.append((name, value))
                        names.add(name)
        parent = self._find(own.get("crossref", "").strip(), seen)
        if parent is not None:
            self._from_crossref(parent, entry.kind, self.complete(parent, seen), fields, names)
        return tuple(fields)

    def _find(self, key: str, seen: tuple[str, ...]) -> RawEntry | None:
        if not key:
            return None
        parent = self.by_key.get(key) or self.by_folded.get(key.lower())
        return None if parent is None or parent.key in seen else parent

    @staticmethod
    def _from_crossref(
        parent: RawEntry,
        kind: str,
        inherited: tuple[tuple[str, str], ...],
        fields: list[tuple[str, str]],
        names: set[str],
    ) -> None:
        mapping = next(
            (
                rule
                for parents, children, rule in _RULES
                if parent.kind in parents and kind in children
            ),
            None,
        )
        for name, value in inherited:
            if name in _NEVER:
                continue
            if mapping is not None:
                if name in _TITLE_ALIASES:
                    continue
                targets = mapping.get(name, (name,))
            elif name == "title" and kind in _IN_CONTAINER:
                targets = ("title", "booktitle")
            else:
                targets = (name,)
            for target in targets:
                if target not in names:
                    fields.append((target, value))
                    names.add(target)
