"""A .bib file reads into References a user recognises, with places that point at the source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Location, Person, Severity
from cite_sentinel.core.sources.bibtex import read_bibtex
from hypothesis import given, settings
from hypothesis import strategies as st

ARTICLE = r"""@Article{Knuth1984,
  Author    = {Donald E. Knuth and Leslie Lamport},
  Title     = {Literate {P}rogramming in {\TeX}: the {WEB} System},
  Journal   = {The Computer Journal},
  Year      = 1984,
  Month     = may,
  Volume    = {27},
  Number    = {2},
  Pages     = {97--111},
  Publisher = {Oxford University Press},
  DOI       = {10.1093/comjnl/27.2.97},
  urldate   = {2024-03-05},
}
"""


def test_an_entry_gives_its_fields_decoded() -> None:
    (ref,) = read_bibtex(ARTICLE, "refs.bib").references
    assert ref.key == "Knuth1984"
    assert ref.kind == "article"
    assert ref.title == "Literate Programming in TeX: the WEB System"
    assert ref.protected_title == "Literate {P}rogramming in TeX: the {WEB} System"
    assert ref.people == (
        Person(family="Knuth", given="Donald E."),
        Person(family="Lamport", given="Leslie"),
    )
    assert (ref.year, ref.date) == (1984, "1984-05")
    assert ref.venue == "The Computer Journal"
    assert (ref.volume, ref.issue, ref.pages) == ("27", "2", "97–111")
    assert ref.publisher == "Oxford University Press"
    assert ref.identifiers.doi == "10.1093/comjnl/27.2.97"
    assert ref.accessed == "2024-03-05"
    assert ref.source_format == "bibtex"
    assert ref.field("month") == "May"
    assert [name for name, _ in ref.fields][:3] == ["author", "title", "journal"]


def test_locations_span_the_entry_and_its_key() -> None:
    text = "% my references\n\n" + ARTICLE + "\n@misc{second, title={X}}\n"
    first, second = read_bibtex(text, "refs.bib").references
    assert first.location == Location("refs.bib", 3, 1, 15, 2)
    assert first.key_location == Location("refs.bib", 3, 10, 3, 19)
    assert first.raw == ARTICLE.rstrip("\n")
    assert second.location == Location("refs.bib", 17, 1, 17, 25)
    assert second.raw == "@misc{second, title={X}}"


def test_columns_count_code_points_after_accents() -> None:
    text = "@comment{Ünïcödé ✓} @misc{k, title={Ä}}"
    (ref,) = read_bibtex(text, "r.bib").references
    assert ref.location.column == text.index("@misc") + 1
    assert ref.key_location == Location("r.bib", 1, text.index("k,") + 1, 1, text.index("k,") + 2)


def test_windows_line_endings_keep_lines_right() -> None:
    text = "@misc{a,\r\n  title = {A}\r\n}\r\n@misc{b,\r\n  title = {B\r\n  continued}\r\n}\r\n"
    a, b = read_bibtex(text, "r.bib").references
    assert (a.location.line, b.location.line) == (1, 4)
    assert b.title == "B continued"


def test_string_macros_and_concatenation_expand() -> None:
    text = """@string{jgr = "Journal of Geophysical Research"}
@STRING(pre = {Proceedings of })
@inproceedings{a, booktitle = pre # "the " # {ACM} # " Conference", journal = jgr,
  month = dec # "~1", year = "2001"}
"""
    read = read_bibtex(text, "r.bib")
    (ref,) = read.references
    assert read.findings == ()
    assert ref.field("booktitle") == "Proceedings of the ACM Conference"
    assert ref.venue == "Journal of Geophysical Research"
    assert ref.field("month") == "December 1"


def test_astronomy_journal_macros_name_their_journals() -> None:
    """NASA ADS exports name journals with the AAS macros: `\\apjl`, `{\\mnras}`."""
    text = r"""@ARTICLE{2019ApJ...875L...1E,
  author = {{Event Horizon Telescope Collaboration} and {Akiyama}, Kazunori},
  title = "{First M87 Event Horizon Telescope Results. I.}",
  journal = {\apjl}, year = 2019}
@article{b, journal = {{\mnras}}, title = {T}}
@article{c, journal = {\emph{Nature}}, title = {U}}
@article{d, journal = {\nosuchjournal}, title = {V}}
"""
    references = read_bibtex(text, "r.bib").references
    assert [ref.venue for ref in references] == [
        "The Astrophysical Journal Letters",
        "Monthly Notices of the Royal Astronomical Society",
        "Nature",
        "",
    ]


def test_an_undefined_macro_warns_and_the_entry_is_still_read() -> None:
    text = "@article{a,\n  journal = nosuch,\n  title = {T}\n}\n@misc{b, title={U}}\n"
    read = read_bibtex(text, "r.bib")
    assert [ref.key for ref in read.references] == ["a", "b"]
    (finding,) = read.findings
    assert finding.code == Code.UNDEFINED_STRING
    assert finding.severity == Severity.WARNING
    assert finding.location == Location("r.bib", 2, 13, 2, 19)
    assert "nosuch" in finding.message
    assert finding.key == "a"
    assert read.references[0].venue == "nosuch"


def test_macros_are_case_insensitive_and_later_definitions_win() -> None:
    text = '@string{J = "First"}\n@string{j = "Second"}\n@article{a, journal = J}\n'
    (ref,) = read_bibtex(text, "r.bib").references
    assert ref.venue == "Second"


def test_comments_preambles_and_free_text_are_skipped() -> None:
    text = """Free text with an e-mail, someone@example.org, and 50% of a line.
@preamble{ "\\newcommand{\\noop}[1]{}" }
@comment{ @article{commented, title={No}} }
%@article{disabled, title={No}}
@Comment this line is a comment too
@article{real,
  % a note inside the entry
  title = {Yes},
}
"""
    read = read_bibtex(text, "r.bib")
    assert [ref.key for ref in read.references] == ["real"]
    assert read.findings == ()
    assert read.references[0].location.line == 6


def test_parenthesised_entries_read_like_braced_ones() -> None:
    (ref,) = read_bibtex(
        "@book(key2000, title = {Round (Parens)}, year = 2000)", "r.bib"
    ).references
    assert (ref.key, ref.title, ref.year) == ("key2000", "Round (Parens)", 2000)


def test_duplicate_keys_are_all_returned_in_order() -> None:
    text = "@misc{same, title={One}}\n@misc{other, title={Two}}\n@misc{same, title={Three}}\n"
    refs = read_bibtex(text, "r.bib").references
    assert [(r.key, r.title) for r in refs] == [
        ("same", "One"),
        ("other", "Two"),
        ("same", "Three"),
    ]


def test_biblatex_fields_give_date_venue_and_issue() -> None:
    text = """@article{b,
  author = {{Barack Obama Foundation} and Doe, Jane and others},
  title = {On $\\alpha$-helices},
  journaltitle = {Journal of Things},
  date = {2021-07-09/2021-07-12},
  issue = {Spring},
  eprint = {2101.00001}, eprinttype = {arXiv},
}"""
    (ref,) = read_bibtex(text, "r.bib").references
    assert ref.people[0] == Person(literal="Barack Obama Foundation")
    assert ref.others
    assert ref.title == "On α-helices"
    assert (ref.year, ref.date) == (2021, "2021-07-09")
    assert ref.venue == "Journal of Things"
    assert ref.issue == "Spring"


@pytest.mark.parametrize(
    ("fields", "year", "date"),
    [
        ("year = {2019}", 2019, "2019"),
        ("year = 2019, month = {3}", 2019, "2019-03"),
        ("year = {2019}, month = {March}, day = {7}", 2019, "2019-03-07"),
        ("year = {{2019a}}", 2019, "2019"),
        ("date = {2020-02}", 2020, "2020-02"),
        ("year = {in press}", None, ""),
        ("", None, ""),
    ],
)
def test_year_and_date_as_precise_as_written(fields: str, year: int | None, date: str) -> None:
    (ref,) = read_bibtex(f"@misc{{k, {fields}}}", "r.bib").references
    assert (ref.year, ref.date) == (year, date)


def test_urls_and_dois_are_not_mangled_by_latex_decoding() -> None:
    text = r"@misc{k, url = {http://example.org/~me/a_b--c}, doi = {10.1000/x\_y}}"
    (ref,) = read_bibtex(text, "r.bib").references
    assert ref.field("url") == "http://example.org/~me/a_b--c"
    assert ref.identifiers.doi == "10.1000/x_y"


def test_editors_are_read_apart_from_authors() -> None:
    text = "@incollection{k, author = {Ann Author}, editor = {Ed Itor and others}}"
    (ref,) = read_bibtex(text, "r.bib").references
    assert ref.people == (Person(family="Author", given="Ann"),)
    assert ref.editors == (Person(family="Itor", given="Ed"),)
    assert not ref.others


def test_a_bibliography_on_one_line_reads_every_entry() -> None:
    text = "".join(f"@misc{{k{i}, title = {{T{i}}}, year = {2000 + i}}} " for i in range(50))
    refs = read_bibtex(text, "r.bib").references
    assert [ref.key for ref in refs] == [f"k{i}" for i in range(50)]
    assert refs[49].location.column == text.index("@misc{k49") + 1


def test_an_empty_file_reads_as_nothing() -> None:
    assert read_bibtex("", "r.bib").references == ()
    assert read_bibtex("   \n% only a comment\n", "r.bib").findings == ()


# --- failures: each broken snippet after each valid one, with and without a following block ---

MARK = "§"  # where the finding must point; removed before reading

BROKEN = {
    "missing comma": "@article{broken,\n  title = {T}\n  §year = 2000\n}\n",
    "unclosed value": "@article{broken,\n  title = §{T,\n  year = 2000\n}\n",
    "unclosed entry": "§@article{broken,\n  title = {T},\n",
    "no key": "@article{§title = {T}}\n",
    "no equals": "@article{broken,\n  title §{T}\n}\n",
    "unclosed quote": '@article{broken,\n  title = §"T,\n  year = 2000\n}\n',
    "no value": "@article{broken,\n  title = §,\n}\n",
    "no brace": "@article§ broken\n",
    "bad field name": '@article{broken,\n  ti§"tle" = {T}\n}\n',
    "comma after key missing": "@article{broken §title = {T}}\n",
}
BEFORE = {
    "nothing": "",
    "an entry": "@book{before, title = {Before}, year = 1999}\n\n",
    "a string and a comment": '@string{s = "x"}\n@comment{note}\n',
    "a long entry": (
        '@article{before,\n  author = {G{\\"o}del, Kurt},\n  abstract = {Line one\n  line two}\n}\n'
    ),
}
AFTER = "@misc{after,\n  title = {After}\n}\n"


@pytest.mark.parametrize("after", [AFTER, ""], ids=["with following", "at the end"])
@pytest.mark.parametrize("before", list(BEFORE.values()), ids=list(BEFORE))
@pytest.mark.parametrize("broken", list(BROKEN.values()), ids=list(BROKEN))
def test_a_broken_entry_is_one_error_at_its_place_and_reading_goes_on(
    broken: str, before: str, after: str
) -> None:
    marked = before + broken
    line = marked.count("\n", 0, marked.index(MARK)) + 1
    column = marked.index(MARK) - (marked.rfind("\n", 0, marked.index(MARK)) + 1) + 1
    read = read_bibtex(marked.replace(MARK, "") + after, "r.bib")
    (finding,) = read.findings
    assert finding.code == Code.PARSE_ERROR
    assert finding.severity == Severity.ERROR
    assert (finding.location.line, finding.location.column) == (line, column)
    assert finding.hint and finding.hint in finding.message
    assert finding.key in ("broken", "")
    keys = [ref.key for ref in read.references]
    assert "broken" not in keys
    assert keys == (["before"] if "before" in before else []) + (["after"] if after else [])


def test_a_real_undefined_macro_is_reported_where_it_is_used(data: Path) -> None:
    text = (data / "real-bibs" / "scipy-1.0_references.bib").read_text(encoding="utf-8")
    findings = read_bibtex(text, "scipy.bib").findings
    assert [(f.code, f.key) for f in findings] == [(Code.UNDEFINED_STRING, "li05")]
    line = text.splitlines()[findings[0].location.line - 1]
    assert line[findings[0].location.column - 1 :].startswith("toms")


def test_a_parse_error_says_what_was_found_and_what_to_do() -> None:
    read = read_bibtex("@article{k,\n  title = {T}\n  year = 2000\n}\n", "r.bib")
    (finding,) = read.findings
    assert "'year'" in finding.message and "'title'" in finding.message
    assert "comma" in finding.hint
    assert finding.key == "k"


# --- no input raises ---------------------------------------------------------------------

BIBTEX_ALPHABET = st.sampled_from(
    [*"@{}()=,#\"%\\~$-' \n\tabkAyé0123", "@article", "@string", "title", " and ", "\n@"]
)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_no_text_makes_the_reader_raise(text: str) -> None:
    read = read_bibtex(text, "r.bib")
    assert all(finding.location.path == "r.bib" for finding in read.findings)


@settings(max_examples=400, deadline=None)
@given(st.lists(BIBTEX_ALPHABET, max_size=60).map("".join))
def test_no_bibtex_like_text_makes_the_reader_raise(text: str) -> None:
    read = read_bibtex(text, "r.bib")
    lines = text.count("\n") + 1
    for item in (*read.findings, *read.references):
        assert 1 <= item.location.line <= lines


@settings(max_examples=200, deadline=None)
@given(st.text(), st.integers(min_value=0, max_value=len(ARTICLE)))
def test_text_inserted_into_an_entry_never_raises(noise: str, at: int) -> None:
    read_bibtex(ARTICLE[:at] + noise + ARTICLE[at:] + AFTER, "r.bib")


# --- real bibliographies -------------------------------------------------------------------


def test_real_bibliographies_read_every_entry_without_a_parse_error(data: Path) -> None:
    for path in sorted((data / "real-bibs").glob("*.bib")):
        text = path.read_text(encoding="utf-8")
        read = read_bibtex(text, path.name)
        assert not [f for f in read.findings if f.code == Code.PARSE_ERROR]
        assert len(read.references) == len(re.findall(r"^@(?!string)\w+\{", text, re.M | re.I))
        lines = text.splitlines()
        for ref in read.references:
            assert ref.raw.startswith("@") and ref.raw.endswith("}")
            assert ref.key_location is not None
            line = lines[ref.key_location.line - 1]
            start, end = ref.key_location.column - 1, ref.key_location.end_column - 1
            assert line[start:end] == ref.key


def test_an_entry_left_without_a_key_does_not_swallow_the_entry_on_the_next_line() -> None:
    read = read_bibtex("@article{\n@misc{next, title = {Next}, year = 2001}\n", "refs.bib")
    assert [reference.key for reference in read.references] == ["next"]
    (broken,) = read.findings
    assert "entry has no key" in broken.message
    assert broken.location == Location("refs.bib", 1, 10, 1, 11)
