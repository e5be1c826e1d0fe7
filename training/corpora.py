"""The hand-labelled reference strings of ../shared/data/parsing as `Labelled` examples.

AnyStyle's parser data (BSD-2-Clause): `<sequence>`s of labelled segments, joined by spaces.
GROBID's citation corpus (Apache-2.0): TEI `<bibl>`s whose untagged text is punctuation and
words between fields. Files named `*header*` hold a paper's own journal line, not references,
and are left out. Both sources keep their licences with anything derived from them
(core/sources/refparse/model/PROVENANCE.md).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

from cite_sentinel.core.sources.refparse.labels import Label

from training.labelled import Labelled, Span

_ANYSTYLE_LABELS = {
    "author": Label.AUTHOR, "editor": Label.EDITOR, "translator": Label.EDITOR,
    "director": Label.AUTHOR, "producer": Label.EDITOR, "title": Label.TITLE,
    "journal": Label.CONTAINER, "container-title": Label.CONTAINER, "source": Label.CONTAINER,
    "collection-title": Label.COLLECTION, "date": Label.DATE, "volume": Label.VOLUME,
    "pages": Label.PAGES, "publisher": Label.PUBLISHER, "location": Label.LOCATION,
    "edition": Label.EDITION, "genre": Label.GENRE, "medium": Label.GENRE, "note": Label.NOTE,
    "url": Label.URL, "doi": Label.DOI, "isbn": Label.IDENTIFIER,
    "citation-number": Label.NUMBER, "dataset": Label.NOTE,
}  # fmt: skip
_ANYSTYLE_BLOCK = 40  # sequences in a row that come from one paper's list, or close to it
_GROBID_BLOCK = 60  # citations.xml and other many-paper files, cut into groups of this size
_TEI = "{http://www.tei-c.org/ns/1.0}"
# Inside AnyStyle's "volume": "38(5)" and "Vol. 3, No. 4" hold the issue too.
_ISSUE_IN_VOLUME = re.compile(
    r"(?<=\d)\s*\(\s*(?P<a>[\w/–-]{1,12})\s*\)|\b(?:no|nr|n|issue|heft|h)\.?\s*(?P<b>\d[\w/–-]*)",
    re.IGNORECASE,
)


def anystyle(folder: Path) -> Iterator[Labelled]:
    """Every sequence of AnyStyle's files, grouped in runs of neighbouring sequences."""
    for path in sorted(folder.glob("*.xml")):
        root = ElementTree.parse(path).getroot()
        for number, sequence in enumerate(root.iter("sequence")):
            pieces: list[tuple[str, Label]] = []
            for segment in sequence:
                label = _ANYSTYLE_LABELS.get(segment.tag, Label.NOTE)
                pieces.append((" ".join((segment.text or "").split()), label))
                pieces.append((" ", Label.OTHER))
            example = _joined(pieces, source=f"anystyle/{path.stem}")
            if example is not None:
                group = f"anystyle/{path.stem}/{number // _ANYSTYLE_BLOCK}"
                yield Labelled(example.text, _issues_split(example), example.source, group)


def grobid(folder: Path) -> Iterator[Labelled]:
    """Every `<bibl>` of GROBID's citation files but the header lines; a file is a group
    (one paper's list), a many-paper file is cut into blocks."""
    for path in sorted(folder.glob("*.xml")):
        if "header" in path.name:
            continue
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\sxmlns(?::\w+)?=\"[^\"]*\"", "", text)  # plain tag names
        root = ElementTree.fromstring(text.encode("utf-8"))
        source = f"grobid/{grobid_group(path.name)}"
        bibls = [bibl for bibl in root.iter() if _local(bibl.tag) == "bibl"]
        many = len(bibls) > 150
        for number, bibl in enumerate(bibls):
            pieces = list(_tei_pieces(bibl, has_article_title=_has_article_title(bibl)))
            example = _joined(pieces, source=source)
            if example is not None:
                group = f"{path.name}/{number // _GROBID_BLOCK}" if many else path.name
                yield Labelled(example.text, example.spans, source, group)


def grobid_group(name: str) -> str:
    """The kind of references a GROBID file holds, by its name."""
    if name == "citations.xml":
        return "cs-medicine"
    if name.startswith("kisti"):
        return "non-english"
    if name.startswith("crossref"):
        return "crossref-raw"
    if name.startswith("bioRxiv"):
        return "biorxiv"
    return "pdf-physics"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _has_article_title(bibl: ElementTree.Element) -> bool:
    return any(
        _local(element.tag) == "title" and element.get("level") == "a" for element in bibl.iter()
    )


def _tei_label(element: ElementTree.Element, *, has_article_title: bool) -> Label | None:
    tag = _local(element.tag)
    level = element.get("level", "")
    unit = element.get("unit") or element.get("type") or ""
    if tag == "title":
        if level == "a":
            return Label.TITLE
        if level == "j":
            return Label.CONTAINER
        if level == "s":
            return Label.COLLECTION
        return Label.CONTAINER if has_article_title else Label.TITLE
    if tag == "biblScope":
        return {"volume": Label.VOLUME, "vol": Label.VOLUME, "issue": Label.ISSUE,
                "page": Label.PAGES, "pp": Label.PAGES, "pages": Label.PAGES,
                "volumes": Label.VOLUME}.get(unit, Label.NOTE)  # fmt: skip
    if tag == "idno":
        kind = (element.get("type") or "").lower()
        return Label.DOI if kind == "doi" else Label.IDENTIFIER
    if tag == "note":
        return Label.GENRE if element.get("type") == "report" else Label.NOTE
    return {
        "author": Label.AUTHOR, "editor": Label.EDITOR, "date": Label.DATE,
        "pubPlace": Label.LOCATION, "pubplace": Label.LOCATION, "publisher": Label.PUBLISHER,
        "orgName": Label.PUBLISHER, "ptr": Label.URL, "ref": Label.URL,
    }.get(tag)  # fmt: skip


def _tei_pieces(
    element: ElementTree.Element, *, has_article_title: bool, inherited: Label = Label.OTHER
) -> Iterator[tuple[str, Label]]:
    """The element's text in order, each piece with the label of its outermost field."""
    own = _tei_label(element, has_article_title=has_article_title)
    label = inherited if inherited is not Label.OTHER or own is None else own
    if element.text:
        yield element.text, label
    for child in element:
        yield from _tei_pieces(child, has_article_title=has_article_title, inherited=label)
        if child.tail:
            yield child.tail, label


def _joined(pieces: list[tuple[str, Label]], *, source: str) -> Labelled | None:
    """One string from labelled pieces, whitespace collapsed, with each field's span."""
    text = ""
    spans: list[Span] = []
    for piece, label in pieces:
        cleaned = re.sub(r"\s+", " ", piece)
        if not cleaned.strip():
            if text and not text.endswith(" "):
                text += " "
            continue
        if text.endswith(" ") and cleaned.startswith(" "):
            cleaned = cleaned[1:]
        if not text:
            cleaned = cleaned.lstrip()
        start = len(text) + (len(cleaned) - len(cleaned.lstrip()))
        text += cleaned
        end = len(text.rstrip())
        if label is not Label.OTHER and end > start:
            if spans and spans[-1].label is label and spans[-1].end >= start - 1:
                spans[-1] = Span(spans[-1].start, end, label)
            else:
                spans.append(Span(start, end, label))
    text = text.rstrip()
    if not text or not spans:
        return None
    return Labelled(text, tuple(spans), source, "")


def _issues_split(example: Labelled) -> tuple[Span, ...]:
    """AnyStyle labels "38(5)" and "Vol. 3, No. 4" all volume: the issue part becomes ISSUE."""
    spans: list[Span] = []
    for span in example.spans:
        if span.label is not Label.VOLUME:
            spans.append(span)
            continue
        text = example.text[span.start : span.end]
        match = _ISSUE_IN_VOLUME.search(text)
        if match is None:
            spans.append(span)
            continue
        group = "a" if match.group("a") else "b"
        issue_start = span.start + match.start(group)
        spans.append(Span(span.start, span.start + match.start(), Label.VOLUME))
        spans.append(Span(issue_start, span.start + match.end(group), Label.ISSUE))
        if span.start + match.end() < span.end:
            spans.append(Span(span.start + match.end(), span.end, Label.VOLUME))
    return tuple(spans)
