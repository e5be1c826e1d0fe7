"""The visible mark on a citation of a reference that failed, and the words saying why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Flag, Record, Status, Verdict
from cite_sentinel.core.styles.inline import Inline, Span, Superscript, Text

MARK_SYMBOL = "⚠"
# What a mark can be asked for: the verdicts that say something about a reference, and
# the retraction flag. Unverified says only that an index could not be asked.
MARK_WORDS = ("fabricated", "miscited", "retracted", "unverified")
MARKED_BY_DEFAULT = frozenset({"fabricated", "miscited", "retracted"})
_FAILED = (Status.MISCITED, Status.FABRICATED, Status.UNVERIFIED)


@dataclass(frozen=True, slots=True)
class Marking:
    """Which verdicts a rendering marks, and what the mark looks like."""

    symbol: str = MARK_SYMBOL
    marked: frozenset[str] = MARKED_BY_DEFAULT  # words of MARK_WORDS
    superscript: bool = False  # raised, as in LaTeX output: "[1]^[!]^"


DEFAULT_MARKING = Marking()


@dataclass(frozen=True, slots=True, kw_only=True)
class Mark:
    """A failed verdict's mark: the symbol after the citation, its tooltip and CSS classes."""

    symbol: str
    tooltip: str  # "miscited: year cited 2019, found 2020"
    css_class: str  # the main one: "cite-sentinel-retracted", else "cite-sentinel-<verdict>"
    classes: tuple[str, ...] = ()  # every class: the verdict's and the retraction's
    superscript: bool = False


def mark_for(verdict: Verdict | None, marking: Marking = DEFAULT_MARKING) -> Mark | None:
    """The mark for a verdict, or None when nothing about it is marked (verified, or a
    verdict the marking leaves unmarked, such as unverified by default)."""
    words = _marked_words(verdict, marking)
    if verdict is None or not words:
        return None
    classes = tuple(f"cite-sentinel-{word}" for word in words)
    return Mark(
        symbol=marking.symbol,
        tooltip=problem_note(verdict, marking),
        css_class=classes[0],
        classes=classes,
        superscript=marking.superscript,
    )


def problem_note(verdict: Verdict | None, marking: Marking = DEFAULT_MARKING) -> str:
    """What is wrong with a reference, in a sentence for its list entry ("" when nothing
    the marking marks)."""
    words = _marked_words(verdict, marking)
    if verdict is None or not words:
        return ""
    parts: list[str] = []
    if "retracted" in words:
        parts.append("retracted: the cited work has been retracted")
    if "miscited" in words:
        parts.append(_miscited(verdict))
    elif "fabricated" in words:
        reason = verdict.reason or "no index that answered has a matching work"
        parts.append(f"fabricated: {reason}")
    elif "unverified" in words:
        parts.append(f"unverified: {verdict.reason or 'the indexes could not confirm this work'}")
    return "; ".join(parts)


def mark_span(marks: Sequence[tuple[str, Mark]]) -> Span:
    """One mark after a citation, its tooltip naming each failed reference by its label."""
    if len(marks) == 1:
        tooltip = marks[0][1].tooltip
    else:
        tooltip = "; ".join(f"{label} {mark.tooltip}" for label, mark in marks)
    classes = tuple(dict.fromkeys(name for _, mark in marks for name in mark.classes))
    return Span(children=mark_symbol(marks[0][1]), classes=classes, title=tooltip)


def mark_symbol(mark: Mark) -> tuple[Inline, ...]:
    """The symbol as it is shown: raised where the marking asks for it."""
    symbol = Text(mark.symbol)
    return (Superscript((symbol,)),) if mark.superscript else (symbol,)


def correct_metadata(record: Record) -> str:
    """The matched record in one line: authors (year). Title. Venue. DOI."""
    authors = ", ".join(person.display for person in record.people[:3])
    if len(record.people) > 3:
        authors += " et al."
    pieces = [f"{authors} ({record.year})" if record.year else authors, record.title, record.venue]
    if record.identifiers.doi:
        pieces.append(f"https://doi.org/{record.identifiers.doi}")
    return ". ".join(piece.strip().rstrip(".") for piece in pieces if piece.strip())


def _marked_words(verdict: Verdict | None, marking: Marking) -> tuple[str, ...]:
    """The verdict's words the marking marks, the retraction first."""
    if verdict is None:
        return ()
    words = ["retracted"] if Flag.RETRACTED in verdict.flags else []
    if verdict.status in _FAILED:
        words.append(verdict.status.value)
    return tuple(word for word in words if word in marking.marked)


def _miscited(verdict: Verdict) -> str:
    details = [
        f"{p.field} cited {p.cited or '(none)'}, found {p.found or '(none)'}"
        for p in verdict.problems
    ]
    text = "miscited: " + ("; ".join(details) if details else verdict.reason or "fields disagree")
    if verdict.match is not None:
        text += f". Correct: {correct_metadata(verdict.match)}"
    return text
