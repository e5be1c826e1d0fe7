"""Free-text reference lists (a .txt file, a References section) cut into located References:
the segmenter (`core.sources.segment`) says where each entry starts, the free-text reader reads
each one."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product

from cite_sentinel.core.findings import Code
from cite_sentinel.core.lexicon.kinds import Kind, kind_of_csl
from cite_sentinel.core.model import Finding, Location, Read, Reference, Severity
from cite_sentinel.core.sources.refparse import parse_reference, repeats_authors
from cite_sentinel.core.sources.segment import Role, label_lines
from cite_sentinel.core.sources.segment.headings import is_list_heading
from cite_sentinel.core.sources.segment.text_lines import text_lines
from cite_sentinel.core.sources.spans import LineIndex

__all__ = ["parse_reference", "read_entries", "read_reflist"]

_NUMBERED = re.compile(
    r"^[ \t]{0,3}(?:\\?\[\s*(\d{1,4})\s*\\?\]|\(\s*(\d{1,4})\s*\)|(\d{1,4})[.)])(?=\s)"
)
# alpha's labels: "[LCRC21]", "[AKW+22]" (from a PDF the raised "+" may come as a space)
_ALPHA_LABEL = re.compile(r"^[ \t]{0,3}\[ ?([^\W\d_](?:[^\W\d_]|[+ -]){0,8}\d{2,4}[a-z]?)\](?=\s)")
_BARE = re.compile(r"^[ \t]{0,3}(\d{1,4})[ \t]+(?=[^\W\d_])")  # "27 Alnaim, L. S. …"
_SKIP = re.compile(
    r"^\s*(?:#{1,6}\s.*|(?:references|bibliography|works cited|literature cited|literature"
    r"|sources|reference list)\s*:?\s*|:::.*|</?div\b.*|[-=*_]{3,}\s*)$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Item:
    """One reference's span in the text, and the number it was given, if any."""

    start: int
    end: int
    number: str = ""


def read_reflist(text: str, path: str, *, first_line: int = 1) -> Read:
    """Every reference of a free-text list, keyed by its number or by author and year."""
    return _read(text, path, _segmented_items(text), first_line)


def read_entries(entries: Sequence[tuple[str, str]], path: str) -> Read:
    """References already told apart (a PDF's entries), each with the key its printed label
    gives ("" for none); entry i is line 2i + 1 of the text they make one paragraph each."""
    items: list[_Item] = []
    offset = 0
    for text, key in entries:
        items.append(_Item(offset, offset + len(text), key))
        offset += len(text) + 2
    return _read("\n\n".join(text for text, _ in entries), path, items, 1, listed=True)


def _read(
    text: str, path: str, items: Sequence[_Item], first_line: int, *, listed: bool = False
) -> Read:
    """The references of the items; where none reads as one, a text of free lines is no
    reference list at all, but a list already found (`listed`: a PDF's) keeps its findings."""
    index = LineIndex(text, path)
    references: list[Reference] = []
    findings: list[Finding] = []
    for item in items:
        start, end = item.start, item.end
        line, column = index.position(start)
        end_line, end_column = index.position(end)
        location = Location(
            path, line + first_line - 1, column, end_line + first_line - 1, end_column
        )
        reference = parse_reference(text[start:end], key=item.number, location=location)
        if references and repeats_authors(reference.raw) and not reference.people:
            previous = references[-1]
            reference = replace(
                reference, people=previous.people, others=reference.others or previous.others
            )
        if not _is_reference(reference):
            findings.append(_unreadable(location))
            continue
        references.append(reference)
    if not references and not listed:
        return Read()
    return Read(references=tuple(_keyed(references)), findings=tuple(findings))


def _is_reference(reference: Reference) -> bool:
    """A title with authors, a year or an identifier: prose or a heading has none of these.
    A style that prints no title (ACS, APS) names the work by its venue, volume and pages,
    and a paper in proceedings (Angewandte) by its authors, venue and year."""
    if reference.identifiers:
        return True
    if reference.title:  # a web page or software may be cited by its name and link alone
        return bool(reference.people or reference.year or reference.identifiers.url)
    if reference.venue and reference.volume and reference.pages:
        return bool(reference.people or reference.year)
    # Angewandte's "P. Pu, L. Chen, R. Hu in Proceedings of …, 2011": authors, venue and year
    return bool(reference.venue and reference.people and reference.year) and (
        kind_of_csl(reference.kind) is Kind.PAPER
    )


def _segmented_items(text: str) -> list[_Item]:
    """The segmenter's entries: each line that is not a heading belongs to one, and starts a
    new one where the model finds starting likelier than going on, or where the writer
    numbered it: a number that goes on with the count ("12." after "11.") always starts one."""
    rows = [(offset, line) for offset, line in _lines(text)]
    kept = [(offset, line) for offset, line in rows if line.strip()]
    if not kept:
        return []
    labelling = label_lines(text_lines([line for _, line in rows]), starts=True)
    spans: list[tuple[int, int, str]] = []
    open_entry = False
    count = 0  # the last number that started an entry
    for (offset, line), role, first, more in zip(
        kept, labelling.roles, labelling.first, labelling.more, strict=True
    ):
        if _SKIP.match(line) or (role is Role.HEADING and is_list_heading(line)):
            open_entry = False
            continue
        start = offset + len(line) - len(line.lstrip())
        end = offset + len(line.rstrip())
        printed = _NUMBERED.match(line) or _BARE.match(line)
        number = int(next(group for group in printed.groups() if group)) if printed else 0
        counted = number in (count + 1, 1)
        if open_entry and more >= first and not counted:
            spans[-1] = (spans[-1][0], end, spans[-1][2])
        else:
            spans.append((start, end, str(number) if counted else _key(line)))
            count = number if counted else count
        open_entry = True
    return [_Item(start, end, key) for start, end, key in spans]


def _key(item: str) -> str:
    """The number or alpha label an entry was printed with, "" for none."""
    numbered = _NUMBERED.match(item)
    if numbered is not None:
        return next(group for group in numbered.groups() if group)
    labelled = _ALPHA_LABEL.match(item)
    return alpha_key(labelled.group(1)) if labelled is not None else ""


def alpha_key(label: str) -> str:
    """An alpha label as its style wrote it: a space inside it is a raised "+" a PDF lost."""
    return re.sub(r"\++", "+", re.sub(r"\s+", "+", label.strip()))


def _lines(text: str) -> list[tuple[int, str]]:
    lines = []
    offset = 0
    for line in text.splitlines(keepends=True):
        lines.append((offset, line.rstrip("\r\n")))
        offset += len(line)
    return lines


def _keyed(references: list[Reference]) -> list[Reference]:
    """Numbers stay; others become family name + year, with a, b, … where two clash."""
    named = [ref if ref.key else replace(ref, key=_author_year(ref)) for ref in references]
    counts = Counter(ref.key for ref in named)
    taken = {key for key, count in counts.items() if count == 1}
    keyed = []
    left: dict[str, Iterator[str]] = {}  # each key's suffixes not yet tried: linear, not n²
    for ref in named:
        if counts[ref.key] > 1 and not ref.key.isdigit():
            # "li2019" twice beside a written "li2019a": the two become li2019b and li2019c.
            suffixes = left.setdefault(ref.key, _suffixes())
            key = next(ref.key + suffix for suffix in suffixes if ref.key + suffix not in taken)
            taken.add(key)
            ref = replace(ref, key=key)
        keyed.append(ref)
    return keyed


def _suffixes() -> Iterator[str]:
    """a, b, …, z, then aa, ab, …: never runs out."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    yield from letters
    for size in range(2, 6):
        for combination in product(letters, repeat=size):
            yield "".join(combination)


def _author_year(reference: Reference) -> str:
    first = reference.people[0] if reference.people else None
    name = (first.family or first.literal) if first else ""
    if not name:
        name = reference.title.split()[0] if reference.title else "anon"
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z]", "", ascii_name.lower()) or "anon"
    year_suffix = re.search(r"\b\d{4}([a-z])\b", reference.raw)
    year = str(reference.year) if reference.year else "nd"
    return stem + year + (year_suffix.group(1) if year_suffix and reference.year else "")


def _unreadable(location: Location) -> Finding:
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.WARNING,
        message=(
            "could not read this reference: no title, or venue with volume and pages, beside"
            " authors, a year or a link"
        ),
        location=location,
        hint="write it in a common style, e.g. Author, A. (2020). Title. Journal, 1(2), 3-4.",
    )
