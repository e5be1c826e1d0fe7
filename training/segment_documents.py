"""Documents to train the segmenter on: a paper's parts in order, its reference list among them,
and how it is to be laid out — drawn at random from real lists, real prose and real names.

Each document is a sequence of blocks whose printed text is known exactly, so that every line
of its PDF can be told apart afterwards: the list's heading, each reference's first and further
lines, and all the rest (front matter, body, captions, tables, numbered lists of prose,
acknowledgements with grant codes, appendices, a collaboration's author list and affiliations).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace

from training import segment_listings
from training.segment_sources import RefList

LIST_HEADINGS = (
    "References", "REFERENCES", "References", "Bibliography", "BIBLIOGRAPHY", "Literature Cited",
    "References and Notes", "References Cited", "Literatur", "Literaturverzeichnis",
    "Références", "Bibliographie", "Referencias", "Bibliografia", "Riferimenti bibliografici",
    "Literatuur", "Список литературы", "参考文献", "Works Cited", "Reference List",
)  # fmt: skip
_SECTIONS = (
    "Introduction", "Related Work", "Methods", "Materials and Methods", "Results", "Discussion",
    "Conclusions", "Observations", "Data", "Experiments", "Theory", "Analysis", "Background",
    "Model", "Simulations", "Summary", "Evaluation", "Limitations",
)  # fmt: skip
_AFTER = (
    "Acknowledgments", "Acknowledgements", "ACKNOWLEDGMENTS", "Author Contributions",
    "Data Availability", "Funding", "Conflicts of Interest", "Supplementary Material",
    "Appendix", "APPENDIX", "Notes",
)  # fmt: skip
_AGENCIES = (
    "the National Science Foundation", "the U.S. Department of Energy", "the European Research "
    "Council", "the Deutsche Forschungsgemeinschaft", "the Agence Nationale de la Recherche",
    "the National Natural Science Foundation of China", "the Science and Technology Facilities "
    "Council", "JSPS KAKENHI", "the Swiss National Science Foundation", "NASA", "CNPq and FAPESP",
    "the Ministry of Science and Higher Education", "the Royal Society", "NSERC", "the ARC",
)  # fmt: skip
_PLACES = (
    ("Adelaide", "Australia"), ("Ankara", "Turkey"), ("Barcelona", "Spain"), ("Beijing", "China"),
    ("Bern", "Switzerland"), ("Bonn", "Germany"), ("Boston MA", "United States of America"),
    ("Cracow", "Poland"), ("Geneva", "Switzerland"), ("Genova", "Italy"), ("Lisboa", "Portugal"),
    ("Montreal QC", "Canada"), ("Moscow", "Russia"), ("Paris", "France"), ("Tokyo", "Japan"),
    ("Santiago", "Chile"), ("Seoul", "Korea"), ("Prague", "Czech Republic"), ("Oslo", "Norway"),
    ("Marseille", "France"), ("Milano", "Italy"), ("Tel Aviv", "Israel"), ("Victoria BC", "Canada"),
)  # fmt: skip
_COLLABORATIONS = (
    "The ATLAS Collaboration", "The CMS Collaboration", "The LHCb Collaboration",
    "The Pierre Auger Collaboration", "The IceCube Collaboration",
)  # fmt: skip
_UNITS = (
    "Department of Physics", "Institute of High Energy Physics", "Physics Department",
    "Laboratoire de Physique Nucléaire", "Dipartimento di Fisica", "School of Physics and "
    "Astronomy", "Faculty of Mathematics and Physics", "Institut für Kernphysik", "INFN Sezione",
    "Department of Chemistry", "Max-Planck-Institut für Physik", "Center for Astrophysics",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Block:
    """A part of a document and its printed text; `entries` for a reference list."""

    kind: str  # title, authors, para, heading, list-heading, caption, table, items, refs,
    # author-list, affiliations, code, contents, index, changes
    text: str = ""
    entries: tuple[str, ...] = ()  # each entry's text, printed label first
    rows: tuple[str, ...] = ()  # a table's rows, an enumeration's items, affiliations
    level: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """How a document is set."""

    columns: int = 1
    paper: str = "a4"
    size: float = 10.0
    list_size: float = 10.0
    labels: str = "none"  # none, bracket, dot, bare, paren, alpha
    list_style: str = "hanging"  # hanging, grid, spaced, flush, label-above
    hang: float = 1.5  # ems
    spacing: float = 0.4  # ems between entries
    line_numbers: bool = False
    justify: bool = True
    hyphenate: bool = True
    header: str = ""


@dataclass(frozen=True, slots=True)
class Document:
    blocks: tuple[Block, ...]
    layout: Layout
    source: str = ""  # where its reference strings come from
    notes: tuple[str, ...] = field(default=())


def document(
    rng: random.Random,
    refs: RefList,
    prose: list[str],
    titles: list[str],
    names: list[tuple[str, str]],
    *,
    shape: str = "",
) -> Document:
    """One paper around a run of the list's strings. `shape` forces one of the failure shapes
    people meet (appendix, author-list, acknowledgements, captions, alpha, mnras, numbered-prose);
    otherwise each turns up at random."""
    layout = _layout(rng, shape)
    entries = _entries(rng, refs, layout, shape)
    blocks: list[Block] = [Block("title", rng.choice(titles))]
    if rng.random() < 0.6:
        blocks.append(Block("authors", _front_authors(rng, names)))
    blocks.append(Block("para", _paragraph(rng, prose, 3, 8)))
    if rng.random() < 0.1 or shape == "documentation":
        blocks.append(Block("contents", rows=segment_listings.contents(rng, titles)))
    for number in range(1, rng.randint(2, 6)):
        blocks.append(Block("heading", f"{number} {rng.choice(_SECTIONS)}"))
        for _ in range(rng.randint(1, 3)):
            blocks.append(_body_block(rng, prose, shape))
    if rng.random() < 0.35 or shape == "acknowledgements":
        blocks.extend(_acknowledgements(rng, prose))
    heading = rng.choice(LIST_HEADINGS)
    if rng.random() < 0.2:
        heading = f"{rng.randint(5, 9)} {heading}" if rng.random() < 0.6 else f"VI. {heading}"
    if rng.random() > 0.08 or layout.labels == "none":
        blocks.append(Block("list-heading", heading))
    blocks.append(Block("refs", entries=tuple(entries)))
    blocks.extend(_after_list(rng, prose, titles, names, shape))
    numeric = layout.labels not in ("none", "alpha")
    blocks = _with_footnotes(rng, blocks, prose)
    cited = [
        replace(block, text=_with_citations(rng, block.text, names, numeric, len(entries)))
        if block.kind == "para" and not block.text.startswith("We thank")
        else block
        for block in blocks
    ]
    return Document(tuple(cited), layout, refs.source)


def _with_footnotes(rng: random.Random, blocks: list[Block], prose: list[str]) -> list[Block]:
    """Footnotes on some paragraphs (a URL, a remark), numbered and set at the page's foot."""
    if rng.random() > 0.35:
        return blocks
    noted = []
    for block in blocks:
        if block.kind == "para" and rng.random() < 0.3:
            site = rng.choice(("example", "data", "archive"))
            note = rng.choice(
                (f"https://www.{site}.org/{rng.randint(1, 999)}", rng.choice(prose),
                 f"See {rng.choice(prose)[:60]}")
            )  # fmt: skip
            block = replace(block, rows=(note,))
        noted.append(block)
    return noted


def _with_citations(
    rng: random.Random, text: str, names: list[tuple[str, str]], numeric: bool, count: int
) -> str:
    """Body text citing as papers do: `[12]`, `[3, 5–7]`, `(Smith et al., 2019)`, and
    sentences that open with the cited authors' names (`Okafor and Lee (2015) show`)."""
    sentences = re.split(r"(?<=\.) (?=[A-Z])", text)
    cited = []
    for sentence in sentences:
        draw = rng.random()
        family = rng.choice(names)[1]
        year = rng.randint(1985, 2024)
        if draw < 0.15:
            opener = _narrative(rng, names, family, year, count, numeric and draw >= 0.05)
            sentence = f"{opener} {rng.choice(('show', 'found', 'report', 'argue'))} that " + (
                sentence[:1].lower() + sentence[1:]
            )
        elif draw < 0.45 and sentence.endswith("."):
            mark = (
                _numeric_mark(rng, count)
                if numeric
                else f"({family} et al., {year}; {rng.choice(names)[1]}, {year - 3})"
            )
            sentence = f"{sentence[:-1]} {mark}."
        cited.append(sentence)
    return " ".join(cited)


def _narrative(
    rng: random.Random,
    names: list[tuple[str, str]],
    family: str,
    year: int,
    count: int,
    numeric: bool,
) -> str:
    """Cited authors opening a sentence: `Okafor et al. (2015)`, `Okafor and Lee [12]`."""
    number = rng.randint(1, count)
    if numeric:
        return f"{family} et al. [{number}]"
    other, third = rng.choice(names)[1], rng.choice(names)[1]
    return rng.choice(
        (
            f"{family} et al. ({year})",
            f"{family} and {other} ({year})",
            f"{family}, {other} and {third} ({year}{rng.choice('ab')})",
            f"{family} et al. [{number}]",
            f"{family.upper()} [{number}]",
        )
    )


def _numeric_mark(rng: random.Random, count: int) -> str:
    first = rng.randint(1, max(count - 3, 1))
    return rng.choice((f"[{first}]", f"[{first}, {first + 2}]", f"[{first}–{first + 3}]",
                       f"({first})", f"[{first}]–[{first + 2}]"))  # fmt: skip


def _layout(rng: random.Random, shape: str) -> Layout:
    columns = 2 if shape == "mnras" or rng.random() < 0.45 else 1
    size = rng.choice((9.0, 10.0, 10.0, 11.0, 12.0))
    labels = rng.choice(
        ("none", "none", "none", "bracket", "bracket", "dot", "bare", "paren", "alpha")
    )
    if shape == "alpha":
        labels = "alpha"
    if shape == "mnras":
        labels = "none"
    style = (
        "hanging"
        if labels == "none"
        else rng.choice(("grid", "grid", "hanging", "spaced", "flush"))
    )
    if labels == "none":
        style = rng.choice(("hanging", "hanging", "hanging", "spaced", "flush"))
    if shape == "mnras":
        style = "hanging"
    if labels not in ("none", "alpha") and rng.random() < 0.08:
        style = "label-above"  # the number on a line of its own (biblatex-phys)
    return Layout(
        columns=columns,
        paper=rng.choice(("a4", "us-letter", "a4", "a5"))
        if columns == 1
        else rng.choice(("a4", "us-letter")),
        size=size,
        list_size=size - rng.choice((0.0, 0.0, 1.0, 1.0, 2.0)),
        labels=labels,
        list_style=style,
        hang=rng.choice((1.0, 1.5, 2.0, 3.0)),
        spacing=rng.choice((0.0, 0.2, 0.4, 0.65, 1.0)) if style != "flush" else 0.0,
        line_numbers=shape == "line-numbers" or rng.random() < 0.12,
        justify=rng.random() < 0.75,
        hyphenate=rng.random() < 0.6,
        header=rng.choice(("", "", "Preprint submitted for review", "J. Phys. Res. 12 (2024)")),
    )


def _entries(rng: random.Random, refs: RefList, layout: Layout, shape: str) -> list[str]:
    count = min(len(refs.entries), rng.randint(6, 90 if shape else 60))
    start = rng.randint(0, len(refs.entries) - count)
    chosen = list(refs.entries[start : start + count])
    if layout.labels in ("none", "alpha") and rng.random() < 0.6:
        chosen.sort(key=lambda entry: entry.casefold())  # neighbours share first authors
    if layout.labels == "none" and rng.random() < 0.35:
        chosen = _same_authors(rng, chosen)
    labelled = []
    first = 1
    for number, entry in enumerate(chosen, start=first):
        labelled.append(_labelled(rng, entry, number, layout.labels))
    return labelled


RULE = "\u0000"  # an entry starting so prints a drawn rule for its authors, as BibTeX styles do
_AUTHORS = re.compile(r"^(.{3,80}?)(?=[ ,.(]+\(?(?:1[6-9]\d\d|20[0-3]\d))")


def _same_authors(rng: random.Random, entries: list[str]) -> list[str]:
    """An entry by the authors of the one before has them as a dash ("———. 2004.") or as a
    drawn rule."""
    drawn = rng.random() < 0.5
    previous = ""
    result = []
    for entry in entries:
        authors = _AUTHORS.match(entry)
        name = authors.group(1) if authors else ""
        if name and name == previous:
            rest = entry[len(name) :].lstrip(" ,.")
            entry = f"{RULE}{rest}" if drawn else f"———. {rest}"
        previous = name
        result.append(entry)
    return result


def _labelled(rng: random.Random, entry: str, number: int, labels: str) -> str:
    if labels == "bracket":
        return f"[{number}] {entry}"
    if labels == "dot":
        return f"{number}. {entry}"
    if labels == "bare":
        return f"{number} {entry}"
    if labels == "paren":
        return f"({number}) {entry}"
    if labels == "alpha":
        return f"[{_alpha_label(rng, entry)}] {entry}"
    return entry


def _alpha_label(rng: random.Random, entry: str) -> str:
    """`[Ame02]`, `[BKL+19]`: letters of the first names, two digits of the year."""
    families = re.findall(r"\b[A-Z][a-zà-ÿ]+", entry[:80]) or ["Anon"]
    year = re.search(r"\b(?:1[89]|20)(\d\d)\b", entry)
    digits = year.group(1) if year else f"{rng.randint(0, 99):02d}"
    if rng.random() < 0.5:
        letters = families[0][:3]
    else:
        letters = "".join(name[0] for name in families[:3]) + ("+" if rng.random() < 0.4 else "")
    return f"{letters}{digits}{rng.choice(('', '', '', 'a', 'b'))}"


def _paragraph(rng: random.Random, prose: list[str], fewest: int, most: int) -> str:
    start = rng.randrange(len(prose))
    count = rng.randint(fewest, most)
    return " ".join(prose[(start + offset) % len(prose)] for offset in range(count))


def _body_block(rng: random.Random, prose: list[str], shape: str) -> Block:
    draw = rng.random()
    if draw < 0.12 or (shape == "captions" and draw < 0.4):
        kind = rng.choice(("Figure", "Fig.", "FIG.", "Table", "TABLE"))
        return Block("caption", f"{kind} {rng.randint(1, 12)}. {_paragraph(rng, prose, 1, 3)}")
    if draw < 0.2 or (shape == "numbered-prose" and draw < 0.5):
        style = rng.choice(("dot", "paren", "bracket"))
        items = tuple(
            _labelled(rng, _paragraph(rng, prose, 1, 2), number, style)
            for number in range(1, rng.randint(3, 7))
        )
        return Block("items", rows=items)
    if draw < 0.26:
        rows = tuple(
            " ".join(
                f"{rng.uniform(0, 100):.{rng.randint(0, 3)}f}" for _ in range(rng.randint(3, 6))
            )
            for _ in range(rng.randint(3, 8))
        )
        return Block(
            "table", f"Table {rng.randint(1, 9)}: {_paragraph(rng, prose, 1, 1)}", rows=rows
        )
    if draw < 0.34 or (shape == "documentation" and draw < 0.65):
        return Block("code", rows=segment_listings.code(rng))
    if draw < 0.42:
        typst, latex = segment_listings.equation(rng)
        return Block("equation", typst, rows=(latex,))
    return Block("para", _paragraph(rng, prose, 2, 7))


def _acknowledgements(rng: random.Random, prose: list[str]) -> list[Block]:
    grants = ", ".join(
        f"{rng.choice(_AGENCIES)} under grant {_grant_code(rng)}" for _ in range(rng.randint(1, 4))
    )
    text = f"We thank {rng.choice(('the referee', 'our colleagues', 'the staff'))} for comments. "
    text += f"This work was supported by {grants}. " + _paragraph(rng, prose, 0, 2)
    heading = rng.choice(("Acknowledgments", "Acknowledgements", "ACKNOWLEDGMENTS", ""))
    return ([Block("heading", heading)] if heading else []) + [Block("para", text.strip())]


def _grant_code(rng: random.Random) -> str:
    digits = "".join(str(rng.randint(0, 9)) for _ in range(rng.randint(5, 8)))
    return rng.choice(
        (
            f"No. {digits}",
            f"DE-AC02-{digits[:2]}CH{digits[2:]}",
            f"PHY-{digits[:7]}",
            f"ANR-{digits[:2]}-CE31-{digits[2:6]}",
            f"ST/T{digits[:6]}/1",
            f"{2015 + int(digits[0])}R1A2C{digits[1:8]}",
            f"ERC-{2014 + int(digits[0])}-StG {digits[:6]}",
        )
    )


def _front_authors(rng: random.Random, names: list[tuple[str, str]]) -> str:
    chosen = rng.sample(names, rng.randint(1, 6))
    return ", ".join(f"{given} {family}" for given, family in chosen)


def _after_list(
    rng: random.Random,
    prose: list[str],
    titles: list[str],
    names: list[tuple[str, str]],
    shape: str,
) -> list[Block]:
    blocks: list[Block] = []
    if shape == "author-list" or (not shape and rng.random() < 0.12):
        blocks.extend(_collaboration(rng, names))
    if shape == "appendix" or (not shape and rng.random() < 0.3):
        letter = rng.choice("ABC")
        heading = rng.choice(
            (f"Appendix {letter}: {rng.choice(titles)[:40]}", f"{letter} Proofs", "APPENDIX",
             f"Appendix {letter}", "Supplementary Material", f"{letter}. Additional results")
        )  # fmt: skip
        blocks.append(Block("heading", heading))
        for _ in range(rng.randint(1, 4)):
            blocks.append(_body_block(rng, prose, "captions" if rng.random() < 0.3 else ""))
    if shape == "acknowledgements" or (not shape and rng.random() < 0.15):
        blocks.append(Block("heading", rng.choice(_AFTER)))
        blocks.append(Block("para", _paragraph(rng, prose, 1, 4)))
    if shape == "documentation" or (not shape and rng.random() < 0.12):
        blocks.append(Block("heading", rng.choice(("Change History", "Index", "List of Figures"))))
        draw = rng.random()
        if draw < 0.4:
            blocks.append(Block("changes", rows=segment_listings.changes(rng, prose)))
        elif draw < 0.7:
            blocks.append(Block("index", rows=segment_listings.index(rng, names)))
        else:
            blocks.append(Block("index", rows=segment_listings.abbreviations(rng)))
    return blocks


def _collaboration(rng: random.Random, names: list[tuple[str, str]]) -> list[Block]:
    """A collaboration's author list after the references: initials, names, affiliation marks."""
    count = rng.randint(30, 160)
    places = [
        f"{rng.choice(_UNITS)}, {rng.choice(('University of ', 'Universität ', ''))}{city}, "
        f"{city}, {country}"
        for city, country in rng.sample(_PLACES, rng.randint(6, len(_PLACES)))
    ]
    people = []
    for given, family in rng.sample(names, count):
        initials = "".join(f"{part[0]}." for part in given.replace("-", " ").split() if part)
        marks = ",".join(str(rng.randint(1, len(places))) for _ in range(rng.randint(1, 2)))
        people.append(f"{initials} {family}{marks}")
    title = rng.choice(_COLLABORATIONS)
    return [
        Block("heading", title),
        Block("author-list", ", ".join(people)),
        Block("affiliations", rows=tuple(f"{n} {place}" for n, place in enumerate(places, 1))),
    ]
