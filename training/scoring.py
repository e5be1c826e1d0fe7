"""How a parsed `Reference` compares with a hand-labelled string, field by field.

Texts are compared after case-folding, NFKC and dropping punctuation; authors by their family
names (each side's author text through the same name parser, so that "Smith, J." and
"J. Smith" agree); the year as a number; volume and first page as written without words.
A field the labels leave empty must come back empty, but for a year AnyStyle labels with the
volume (Vancouver's "2000;55(10)"), which is the year, and a volume GROBID's labels keep in the
journal's name where it is printed against it ("Phys. Rev. D86"), which is the volume.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Reference
from cite_sentinel.core.sources.reflist_people import parse_people
from cite_sentinel.core.sources.refparse.fields import tidy
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

from training.labelled import Labelled, tokens_and_labels

FIELDS = ("title", "authors", "year", "venue", "volume", "pages")


@dataclass(frozen=True, slots=True)
class Judged:
    """Which fields of one reference came back right."""

    source: str
    right: dict[str, bool]
    empty: bool  # the parser returned no title, no author and no venue

    @property
    def title_authors_year(self) -> bool:
        return self.right["title"] and self.right["authors"] and self.right["year"]


_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")
_HYPHENATED = re.compile(r"(?<=[^\W\d_])[-\u2010]\s*(?=[^\W\d_])")


def normalise(text: str) -> str:
    """A field as compared: without inline HTML or JATS tags (AnyStyle's gold keeps
    "<italic>Jour. AWWA</italic>", the reader drops them; a field's labelled tokens may end
    inside one, "(Microtus).</italic"), format characters (soft hyphens), case and
    punctuation; a word hyphenated at a line's end is compared joined."""
    text = _TAG.sub(" ", tidy(text))  # the reader's own tidying takes a tag cut at an end
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    # a word hyphenated at a line's end, as the gold keeps it ("bal- lads") and as the reader
    # joins it ("ballads"), and a compound's hyphen either side keeps: one word each way
    text = _HYPHENATED.sub("", text)
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(" " if unicodedata.category(ch)[0] in "PSZ" else ch for ch in text)
    return " ".join(text.split())


def field_text(tokens: Sequence[Token], labels: Sequence[Label], text: str, label: Label) -> str:
    """The text of a label's first run of tokens (runs joined across punctuation marks)."""
    indices = [index for index, found in enumerate(labels) if found is label]
    if not indices:
        return ""
    run = [indices[0]]
    for index in indices[1:]:
        between = range(run[-1] + 1, index)
        if all(labels[j] is Label.OTHER and not tokens[j].is_word for j in between):
            run.append(index)
        else:
            break
    return text[tokens[run[0]].start : tokens[run[-1]].end]


def gold_fields(example: Labelled) -> dict[str, str]:
    tokens, labels = tokens_and_labels(example)
    text = example.text

    def get(label: Label) -> str:
        return field_text(tokens, labels, text, label)

    return {
        "title": get(Label.TITLE),
        "authors": get(Label.AUTHOR),
        "date": get(Label.DATE),
        "venue": get(Label.CONTAINER),
        "volume": get(Label.VOLUME),
        "pages": get(Label.PAGES),
    }


def judge(example: Labelled, reference: Reference) -> Judged:
    gold = gold_fields(example)
    glued = _volume_in_venue(gold, reference)
    right = {
        "title": normalise(gold["title"]) == normalise(reference.title),
        "authors": gold_families(gold["authors"])
        == [normalise(person.family or person.literal) for person in reference.people],
        "year": (_year(gold["date"]) or _year_opening(gold["volume"])) == reference.year,
        "venue": normalise(gold["venue"]) == normalise(reference.venue) or glued,
        "volume": _number(_VOLUME_YEAR.sub("", gold["volume"])) == _number(reference.volume)
        or glued,
        "pages": _first_page(gold["pages"]) == _first_page(reference.pages),
    }
    empty = not (reference.title or reference.people or reference.venue)
    return Judged(example.source, right, empty)


def _volume_in_venue(gold: dict[str, str], reference: Reference) -> bool:
    """Whether the gold keeps in the journal's name a volume printed against it, which the
    reader reads as the volume: GROBID's "Phys. Rev. D86" (no volume labelled) read as "Phys.
    Rev. D" and volume 86."""
    if gold["volume"] or not reference.volume:
        return False
    return normalise(gold["venue"]) == normalise(reference.venue) + reference.volume


def gold_families(text: str) -> list[str]:
    """The family names of a gold author field, its text tidied as the reader tidies a field
    before reading names ("Katsonis,K .,Maynard ,G ." as a PDF spaced it)."""
    text = tidy(text, spaced_stops=True)
    people, _ = parse_people(text) if text.strip() else ((), False)
    return [normalise(person.family or person.literal) for person in people]


def _year(text: str) -> int | None:
    match = re.search(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)", text)
    return int(match.group(1)) if match else None


# Vancouver's "2000;55(10)": AnyStyle's gold labels the year with the volume where no date is
# labelled; the year is printed all the same.
_VOLUME_YEAR = re.compile(r"^\s*(1[5-9]\d\d|20\d\d)\s*[;:]\s*")


def _year_opening(volume: str) -> int | None:
    match = _VOLUME_YEAR.match(volume)
    return int(match.group(1)) if match else None


def _number(text: str) -> str:
    match = re.search(r"\d+|\b[IVXLCDM]+\b", text)
    return match.group(0).lstrip("0") if match else ""


def _first_page(text: str) -> str:
    match = re.search(r"[A-Za-z]?\d+", text)
    return match.group(0).lstrip("0") if match else ""
