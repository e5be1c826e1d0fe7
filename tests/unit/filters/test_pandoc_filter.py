"""The filter on documents built in Python (no pandoc): one check, rewritten Cites, marks."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path

import panflute as pf
import pytest
from cite_sentinel.core import Config, Reference, Status, Verdict
from cite_sentinel.filters.pandoc_filter import BuildFailed, main

REFERENCES = [
    {
        "id": "good",
        "type": "article-journal",
        "title": "A real work",
        "author": [{"family": "Smith", "given": "Sarah"}],
        "issued": {"date-parts": [["2020"]]},
    },
    {
        "id": "fake",
        "type": "article-journal",
        "title": "An invented work",
        "author": [{"family": "Doe", "given": "Jo"}],
        "issued": {"date-parts": [["2021"]]},
    },
]


class _Verifier:
    """Says `fake` is fabricated and everything else verified; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        self.calls += 1
        return [
            Verdict(key=r.key, status=Status.FABRICATED if r.key == "fake" else Status.VERIFIED)
            for r in references
        ]


def _doc(output: str = "html", **metadata: object) -> pf.Doc:
    cites = [
        pf.Cite(pf.Str("[@fake]"), citations=[pf.Citation("fake")]),
        pf.Cite(pf.Str("[@good]"), citations=[pf.Citation("good")]),
        pf.Cite(pf.Str("[@good]"), citations=[pf.Citation("good", suffix=[pf.Str("p. 3")])]),
    ]
    body = pf.Para(
        pf.Str("First"),
        pf.Space(),
        cites[0],
        pf.Str("."),
        pf.Space(),
        pf.Str("Then"),
        pf.Space(),
        cites[1],
        pf.Space(),
        pf.Str("and"),
        pf.Space(),
        cites[2],
    )
    doc = pf.Doc(body, format=output)
    doc.metadata["references"] = REFERENCES
    for key, value in metadata.items():
        doc.metadata[f"cite-sentinel-{key}"] = value
    return doc


def _run(doc: pf.Doc, verifier: _Verifier, tmp_path: Path, lines: list[str]) -> pf.Doc:
    result = main(
        doc,
        verifier=lambda offline: verifier,
        config=Config(),
        cwd=tmp_path,
        today=datetime.date(2026, 1, 2),
        notify=lines.append,
    )
    assert result is not None
    return result


def test_every_cite_is_rewritten_in_order_of_first_citation_after_one_check(tmp_path: Path) -> None:
    verifier, lines = _Verifier(), []
    doc = _run(_doc("latex"), verifier, tmp_path, lines)
    text = pf.stringify(doc)
    assert verifier.calls == 1
    assert "@" not in text
    assert text.index("[1]") < text.index("[2]") < text.index("[2, p. 3]")


def test_a_fabricated_reference_gets_a_marked_span_and_a_warning(tmp_path: Path) -> None:
    lines: list[str] = []
    doc = _run(_doc("latex"), _Verifier(), tmp_path, lines)
    spans: list[pf.Span] = []
    doc.walk(lambda e, _: spans.append(e) if isinstance(e, pf.Span) else None)
    classes = {c for span in spans for c in span.classes}
    assert "cite-sentinel-fabricated" in classes
    assert any(
        line.startswith("[") and "cite-sentinel:" in line and "fake" in line for line in lines
    )


def test_fail_on_raises_naming_the_reference(tmp_path: Path) -> None:
    with pytest.raises(BuildFailed, match="fake"):
        _run(_doc("html", **{"fail-on": "fabricated"}), _Verifier(), tmp_path, [])


def test_style_none_keeps_the_cites_for_citeproc(tmp_path: Path) -> None:
    doc = _run(_doc("html", style="none"), _Verifier(), tmp_path, [])
    cites: list[pf.Cite] = []
    doc.walk(lambda e, _: cites.append(e) if isinstance(e, pf.Cite) else None)
    assert len(cites) == 3


def test_correct_writes_the_matched_metadata_into_references(tmp_path: Path) -> None:
    class _Miscited(_Verifier):
        async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
            from cite_sentinel.core import Record

            record = Record(source="crossref", id="x", title="A real work", year=2019)
            return [Verdict(key=r.key, status=Status.MISCITED, match=record) for r in references]

    doc = _run(_doc("html", style="none", correct=True), _Miscited(), tmp_path, [])
    items = doc.get_metadata("references")
    good = next(item for item in items if item["id"] == "good")
    assert good["issued"] == {"date-parts": [["2019"]]}


class _WithAbstract(_Verifier):
    """`good` matches a record whose abstract is about the citing sentence; `fake` is invented."""

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        from cite_sentinel.core import Record

        record = Record(
            source="openalex",
            id="W1",
            title="A real work",
            abstract="We show that dropout reduces overfitting in deep neural networks. "
            "Randomly dropping units during training prevents co-adaptation.",
        )
        return [
            Verdict(key=r.key, status=Status.FABRICATED)
            if r.key == "fake"
            else Verdict(key=r.key, status=Status.VERIFIED, match=record)
            for r in references
        ]


def _badges(doc: pf.Doc) -> list[pf.Span]:
    spans: list[pf.Span] = []
    doc.walk(
        lambda e, _: (
            spans.append(e)
            if isinstance(e, pf.Span) and "cite-sentinel-badge" in e.classes
            else None
        )
    )
    return spans


def _claim_doc(output: str, **metadata: object) -> pf.Doc:
    doc = _doc(output, **metadata)
    doc.content[0] = pf.Para(
        *[
            pf.Str(w) if i % 2 == 0 else pf.Space()
            for i, w in enumerate(
                "Dropout reduces overfitting in deep neural networks".replace(" ", "  ").split(" ")
            )
        ],
        pf.Space(),
        pf.Cite(pf.Str("[@good]"), citations=[pf.Citation("good")]),
        pf.Str(". An invented claim about turtles"),
        pf.Space(),
        pf.Cite(pf.Str("[@fake]"), citations=[pf.Citation("fake")]),
        pf.Str("."),
    )
    return doc


def test_groundedness_puts_a_badge_beside_each_citation_in_html(tmp_path: Path) -> None:
    doc = _run(_claim_doc("html", groundedness=True), _WithAbstract(), tmp_path, [])
    good, fake = _badges(doc)
    assert good.attributes["title"].startswith("good:")
    assert "relevance" in good.attributes["title"]  # judged against the abstract
    assert "no abstract" not in good.attributes["title"]
    assert "cite-sentinel-badge-grey" in fake.classes  # nothing to judge: grey, never red
    assert "no abstract" in fake.attributes["title"]


def test_no_badges_unless_asked_or_outside_html(tmp_path: Path) -> None:
    assert not _badges(_run(_claim_doc("html"), _WithAbstract(), tmp_path, []))
    latex = _claim_doc("latex", groundedness=True)
    assert not _badges(_run(latex, _WithAbstract(), tmp_path, []))


def test_a_reference_cited_many_times_is_warned_about_once(tmp_path: Path) -> None:
    doc = _doc("html")
    for _ in range(2):
        doc.content.append(pf.Para(pf.Cite(pf.Str("[@fake]"), citations=[pf.Citation("fake")])))
    lines: list[str] = []
    _run(doc, _Verifier(), tmp_path, lines)
    assert sum("fake" in line and not line.startswith("[INFO]") for line in lines) == 1


class _Recording(_Verifier):
    """Says `fake` and `unused` are fabricated, the rest verified; remembers the keys asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        self.asked.extend(reference.key for reference in references)
        return [
            Verdict(
                key=r.key,
                status=Status.FABRICATED if r.key in {"fake", "unused"} else Status.VERIFIED,
            )
            for r in references
        ]


def _with_uncited(output: str = "html", **metadata: object) -> pf.Doc:
    doc = _doc(output, **metadata)
    unused = {**REFERENCES[1], "id": "unused", "title": "An entry the text never cites"}
    doc.metadata["references"] = [*REFERENCES, unused]
    return doc


def test_an_uncited_entry_of_the_bibliography_is_not_verified_and_cannot_fail_the_build(
    tmp_path: Path,
) -> None:
    verifier, lines = _Recording(), []
    doc = _with_uncited("html", **{"fail-on": "fabricated"})
    doc.content[0].content[2] = pf.Cite(pf.Str("[@good]"), citations=[pf.Citation("good")])
    _run(doc, verifier, tmp_path, lines)  # `fake` is no longer cited: nothing fails
    assert sorted(set(verifier.asked)) == ["good"]
    assert not any("unused" in line for line in lines)
    assert lines[-1].endswith("1 references: 1 verified, 0 miscited, 0 fabricated, 0 unverified")


def _nocite(doc: pf.Doc, *keys: str) -> pf.Doc:
    citations = [pf.Citation(key) for key in keys]
    doc.metadata["nocite"] = pf.MetaInlines(
        pf.Cite(pf.Str(" ".join(f"@{key}" for key in keys)), citations=citations)
    )
    return doc


def test_nocite_all_lists_every_entry_after_the_cited_ones_and_keeps_the_metadata(
    tmp_path: Path,
) -> None:
    verifier = _Recording()
    doc = _run(_nocite(_with_uncited("latex"), "*"), verifier, tmp_path, [])
    text = pf.stringify(doc)
    assert "unused" in verifier.asked
    assert text.index("[3] J. Doe, “An entry the text never cites,”") > text.index(
        "[2] S. Smith, “A real work,”"
    )
    nocite = doc.get_metadata("nocite", builtin=False).content[0]
    assert isinstance(nocite, pf.Cite) and nocite.citations[0].id == "*"  # left for citeproc


def test_a_nocite_key_is_listed_and_verified_though_never_cited_in_the_text(
    tmp_path: Path,
) -> None:
    verifier = _Recording()
    doc = _nocite(_with_uncited("latex", **{"fail-on": "fabricated"}), "unused")
    with pytest.raises(BuildFailed, match="unused"):
        _run(doc, verifier, tmp_path, [])


@pytest.mark.parametrize("output", ["latex", "docx", "plain"])
def test_html_style_links_resolve_in_outputs_that_are_not_html(tmp_path: Path, output: str) -> None:
    targets, ids = _links_and_ids(_run(_doc(output, style="html"), _Verifier(), tmp_path, []))
    assert {"ref1", "ref2"} <= set(targets)
    assert set(targets) <= ids


def _links_and_ids(doc: pf.Doc) -> tuple[list[str], set[str]]:
    targets: list[str] = []
    ids: set[str] = set()

    def look(element: pf.Element, _: pf.Doc) -> None:
        if isinstance(element, pf.Link) and element.url.startswith("#"):
            targets.append(element.url[1:])
        if getattr(element, "identifier", ""):
            ids.add(element.identifier)

    doc.walk(look)
    return targets, ids


@pytest.mark.parametrize("style", ["numbered", "apa"])
def test_link_citations_links_each_citation_to_its_entry(tmp_path: Path, style: str) -> None:
    doc = _doc("latex", style=style)
    doc.metadata["link-citations"] = True
    targets, ids = _links_and_ids(_run(doc, _Verifier(), tmp_path, []))
    assert len(targets) == 3  # one per Cite element
    assert set(targets) <= ids
    plain, _ = _links_and_ids(_run(_doc("latex", style=style), _Verifier(), tmp_path, []))
    assert plain == []  # pandoc's default: no links


def test_trouble_in_inline_references_names_the_item_not_a_line_of_the_metadata(
    tmp_path: Path,
) -> None:
    doc = _doc("latex")
    doc.metadata["references"] = [*REFERENCES, {"title": "No id here"}, "just a string"]
    lines: list[str] = []
    _run(doc, _Verifier(), tmp_path, lines)
    told = [line for line in lines if "metadata references" in line]
    assert any("metadata references, item 3: " in line and "No id here" in line for line in told)
    assert any("metadata references, item 4: " in line for line in told)


def test_a_citation_in_the_title_stays_text_so_the_html_title_element_keeps_it(
    tmp_path: Path,
) -> None:
    doc = _doc("html")
    cite = pf.Cite(pf.Str("[@good]"), citations=[pf.Citation("good")])
    doc.metadata["title"] = pf.MetaInlines(pf.Str("On"), pf.Space(), pf.Str("work"), cite)
    title = _run(doc, _Verifier(), tmp_path, []).get_metadata("title", builtin=False)
    raw: list[pf.RawInline] = []
    title.walk(lambda e, _: raw.append(e) if isinstance(e, pf.RawInline) else None)
    assert raw == []  # pandoc drops raw HTML from <title>
    assert pf.stringify(title) == "On work[1]"


def test_the_list_gets_the_heading_reference_section_title_names(tmp_path: Path) -> None:
    doc = _doc("latex")
    doc.metadata["reference-section-title"] = pf.MetaInlines(pf.Str("Literatur"))
    result = _run(doc, _Verifier(), tmp_path, [])
    headings = [pf.stringify(b) for b in result.content if isinstance(b, pf.Header)]
    assert headings == ["Literatur"]


def test_a_table_caption_is_numbered_before_the_cells_as_citeproc_does(tmp_path: Path) -> None:
    def cite(key: str) -> pf.Cite:
        return pf.Cite(pf.Str(f"[@{key}]"), citations=[pf.Citation(key)])

    table = pf.Table(
        pf.TableBody(pf.TableRow(pf.TableCell(pf.Plain(cite("fake"))))),
        caption=pf.Caption(pf.Plain(pf.Str("Caption"), pf.Space(), cite("good"))),
    )
    doc = pf.Doc(table, format="latex")
    doc.metadata["references"] = REFERENCES
    text = pf.stringify(_run(doc, _Verifier(), tmp_path, []))
    assert "[1] S. Smith, “A real work,”" in text  # the caption, shown above the table, comes first


@pytest.mark.parametrize(("output", "style"), [("html", "html"), ("latex", "numbered")])
def test_suppress_bibliography_adds_no_list_and_no_link_to_one(
    tmp_path: Path, output: str, style: str
) -> None:
    doc = _doc(output, style=style)
    doc.metadata["suppress-bibliography"] = True
    doc.metadata["link-citations"] = True
    result = _run(doc, _Verifier(), tmp_path, [])
    text = pf.stringify(result)
    assert "A real work" not in text.split("invented work", 1)[-1]  # no entry after metadata
    raw: list[str] = []
    result.walk(lambda e, _: raw.append(e.text) if isinstance(e, pf.RawInline) else None)
    targets, _ = _links_and_ids(result)
    assert targets == [] and not any("href" in html for html in raw)
