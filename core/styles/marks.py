"""The visible mark on a citation of a reference that failed, and the words saying why."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.model import Flag, Record, Status, Verdict

MARK_SYMBOL = "⚠"
_FAILED = (Status.MISCITED, Status.FABRICATED, Status.UNVERIFIED)


@dataclass(frozen=True, slots=True)
class Mark:
    """A failed verdict's mark: the symbol after the citation, its tooltip and CSS classes."""

    symbol: str
    tooltip: str  # "miscited: year cited 2019, found 2020"
    css_class: str  # the main one: "cite-sentinel-retracted", else "cite-sentinel-<verdict>"
    classes: tuple[str, ...] = ()  # every class: the verdict's and the retraction's


def mark_for(verdict: Verdict | None) -> Mark | None:
    """The mark for a verdict, or None when the reference is verified and not retracted."""
    if verdict is None:
        return None
    retracted = Flag.RETRACTED in verdict.flags
    if verdict.status not in _FAILED and not retracted:
        return None
    classes = [f"cite-sentinel-{verdict.status}"] if verdict.status in _FAILED else []
    if retracted:
        classes.insert(0, "cite-sentinel-retracted")
    return Mark(MARK_SYMBOL, problem_note(verdict), classes[0], tuple(classes))


def problem_note(verdict: Verdict | None) -> str:
    """What is wrong with a reference, in a sentence for its list entry ("" when nothing)."""
    if verdict is None:
        return ""
    parts: list[str] = []
    if Flag.RETRACTED in verdict.flags:
        parts.append("retracted: the cited work has been retracted")
    if verdict.status is Status.MISCITED:
        parts.append(_miscited(verdict))
    elif verdict.status is Status.FABRICATED:
        reason = verdict.reason or "no index that answered has a matching work"
        parts.append(f"fabricated: {reason}")
    elif verdict.status is Status.UNVERIFIED:
        parts.append(f"unverified: {verdict.reason or 'the indexes could not confirm this work'}")
    return "; ".join(parts)


def _miscited(verdict: Verdict) -> str:
    details = [
        f"{p.field} cited {p.cited or '(none)'}, found {p.found or '(none)'}"
        for p in verdict.problems
    ]
    text = "miscited: " + ("; ".join(details) if details else verdict.reason or "fields disagree")
    if verdict.match is not None:
        text += f". Correct: {correct_metadata(verdict.match)}"
    return text


def correct_metadata(record: Record) -> str:
    """The matched record in one line: authors (year). Title. Venue. DOI."""
    authors = ", ".join(person.display for person in record.people[:3])
    if len(record.people) > 3:
        authors += " et al."
    pieces = [f"{authors} ({record.year})" if record.year else authors, record.title, record.venue]
    if record.identifiers.doi:
        pieces.append(f"https://doi.org/{record.identifiers.doi}")
    return ". ".join(piece.strip().rstrip(".") for piece in pieces if piece.strip())
