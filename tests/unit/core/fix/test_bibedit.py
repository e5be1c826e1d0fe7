"""BibTeX edits change the intended fields only and copy every other byte."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.fix import Change, EntryFix, FixField, rewrite
from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.bibtex import read_bibtex
from hypothesis import given, settings
from hypothesis import strategies as st

ALIGNED = """% my library
@string{nc = {Neural Computation}}

@article{back1993,
  author  = {Back, Andrew D. and Tsoi, Ah Chung},
  title   = {An Adaptive Lattice Architecture},
  journal = nc,
  year    = 1993,
  pages   = "922-931"
}

@article{other, title={Untouched}, year={2001}}
"""

SORTED = """@article{Rame72,
\tAuthor = {U Ramer},
\tJournal = {Computer Graphics and Image Processing},
\tPages = {244--256},
\tTitle = {An iterative procedure},
\tYear = {1972}}
"""


def fix(key: str, *changes: Change) -> EntryFix:
    return EntryFix(key, changes, ("test",))


def test_a_corrected_year_keeps_the_bare_number_style_and_everything_else() -> None:
    new = rewrite(ALIGNED, "refs.bib", [fix("back1993", Change(FixField.YEAR, "1992"))])
    assert new == ALIGNED.replace("year    = 1993", "year    = 1992")


def test_a_new_doi_is_aligned_like_its_neighbours_and_the_macro_stays() -> None:
    new = rewrite(ALIGNED, "refs.bib", [fix("back1993", Change(FixField.DOI, "10.1162/x.922"))])
    assert new == ALIGNED.replace(
        '  pages   = "922-931"\n}', '  pages   = "922-931",\n  doi     = {10.1162/x.922}\n}'
    )
    assert "journal = nc," in new


def test_quoted_pages_stay_quoted_with_the_entrys_own_dash() -> None:
    new = rewrite(ALIGNED, "refs.bib", [fix("back1993", Change(FixField.PAGES, "922–932"))])
    assert '  pages   = "922-932"\n' in new


def test_pages_of_an_entry_without_pages_take_the_files_usual_dash() -> None:
    new = rewrite(
        SORTED + "@article{b, title={T}}\n", "refs.bib", [fix("b", Change(FixField.PAGES, "1-9"))]
    )
    assert "@article{b, title={T}, pages={1--9}}" in new


def test_a_field_joins_an_alphabetical_entry_in_its_place_and_case() -> None:
    new = rewrite(SORTED, "refs.bib", [fix("Rame72", Change(FixField.DOI, "10.1016/x"))])
    assert new == SORTED.replace("\tJournal", "\tDoi = {10.1016/x},\n\tJournal")


def test_an_entry_on_one_line_gets_the_field_on_that_line() -> None:
    new = rewrite(ALIGNED, "refs.bib", [fix("other", Change(FixField.DOI, "10.1/y"))])
    assert "@article{other, title={Untouched}, year={2001}, doi={10.1/y}}" in new


def test_corrected_authors_are_written_family_first_with_latex_escapes() -> None:
    people = (Person(family="Garg", given="Jugal"), Person(literal="R&D Team"))
    new = rewrite(ALIGNED, "refs.bib", [fix("back1993", Change(FixField.AUTHORS, "", people))])
    assert "  author  = {Garg, Jugal and {R\\&D Team}},\n" in new
    assert read_bibtex(new, "refs.bib").references[0].people[0].family == "Garg"


def test_corrected_authors_take_the_initials_form_the_entry_uses() -> None:
    text = "@article{k,\n  author = {A Smith and B Jones},\n  title = {T}\n}\n"
    people = (
        Person(family="Garg", given="Jugal Kishore"),
        Person(family="Murhekar", given="Aniket"),
    )
    new = rewrite(text, "refs.bib", [fix("k", Change(FixField.AUTHORS, "", people))])
    assert "  author = {JK Garg and A Murhekar},\n" not in new
    assert "  author = {J K Garg and A Murhekar},\n" in new


def test_corrected_authors_keep_dotted_initials_family_first() -> None:
    text = "@article{k,\n  author = {Smith, A. B. and Jones, C.},\n  title = {T}\n}\n"
    people = (Person(family="Garg", given="Jugal"), Person(family="Dupont", given="Jean-Pierre"))
    new = rewrite(text, "refs.bib", [fix("k", Change(FixField.AUTHORS, "", people))])
    assert "  author = {Garg, J. and Dupont, J.-P.},\n" in new


def test_corrected_authors_of_a_list_cut_short_stay_cut_short() -> None:
    text = "@article{k,\n  author = {Ann Smith and others},\n  title = {T}\n}\n"
    people = tuple(Person(family=f, given="Al") for f in ("Garg", "Roy", "Sen"))
    new = rewrite(text, "refs.bib", [fix("k", Change(FixField.AUTHORS, "", people))])
    assert "  author = {Al Garg and others},\n" in new


def test_a_title_with_latex_specials_is_escaped_so_latex_and_the_reader_get_it_back() -> None:
    title = "100% of R&D_costs: {x} ~ $5 #1 a^2 \\ --- ``q''"
    new = rewrite(ALIGNED, "refs.bib", [fix("other", Change(FixField.VENUE, title))])
    assert "R\\&D\\_costs" in new and "\\textbraceleft{}x\\textbraceright{}" in new
    assert read_bibtex(new, "refs.bib").references[1].venue == title


def test_a_retracted_entry_gets_a_keyword_and_a_note() -> None:
    new = rewrite(ALIGNED, "refs.bib", [fix("other", Change(FixField.RETRACTED, "retracted"))])
    reference = read_bibtex(new, "refs.bib").references[1]
    assert reference.field("keywords") == "retracted"
    assert reference.field("note") == "Retracted"


def test_a_published_version_changes_the_entry_type_and_venue_field() -> None:
    text = "@misc{pre,\n  title = {T},\n  year = {2021},\n}\n"
    changes = (
        Change(FixField.KIND, "proceedings-article"),
        Change(FixField.VENUE, "Proc. Fixture Conf."),
        Change(FixField.YEAR, "2022"),
    )
    new = rewrite(text, "refs.bib", [fix("pre", *changes)])
    assert new == (
        "@inproceedings{pre,\n  title = {T},\n  year = {2022},\n"
        "  booktitle = {Proc. Fixture Conf.},\n}\n"
    )


def test_a_key_named_twice_or_absent_changes_nothing_else(data: Path) -> None:
    path = data / "real-bibs" / "scipy-1.0_references.bib"
    text = path.read_text(encoding="utf-8")
    assert rewrite(text, str(path), [fix("no-such-key", Change(FixField.YEAR, "1"))]) == text


def test_no_fixes_leave_the_real_bibliographies_byte_identical(data: Path) -> None:
    for path in sorted((data / "real-bibs").glob("*.bib")):
        text = path.read_bytes().decode("utf-8", errors="surrogateescape")
        assert rewrite(text, str(path), []) == text


_VALUE = st.text(alphabet=st.characters(blacklist_characters='{}\\"@%', codec="utf-8"), max_size=20)
_NAME = st.sampled_from(["title", "Author", "YEAR", "journal", "doi", "note", "x-y"])
_SPACE = st.sampled_from([" ", "", "\t", "\n  ", "  "])


@st.composite
def _bibtex(draw: st.DrawFn) -> str:
    entries = []
    for index in range(draw(st.integers(0, 4))):
        fields = []
        for _ in range(draw(st.integers(0, 4))):
            value = draw(_VALUE)
            style = draw(st.sampled_from(["{%s}", '"%s"', "{{%s}}"]))
            fields.append(
                f"{draw(_SPACE)}{draw(_NAME)}{draw(_SPACE)}={draw(_SPACE)}{style % value}"
            )
        trailing = draw(st.sampled_from(["", ",", ",\n"]))
        comment = draw(st.sampled_from(["", "% a comment\n", "@comment{x}\n", "free text\n"]))
        body = ",".join(fields)
        entries.append(f"{comment}@article{{k{index},{body}{trailing}}}{draw(_SPACE)}")
    return "\n".join(entries)


@settings(max_examples=200, deadline=None)
@given(text=_bibtex(), key=st.sampled_from(["k0", "k1", "absent"]))
def test_an_empty_fix_set_leaves_any_readable_bibtex_byte_identical(text: str, key: str) -> None:
    read_bibtex(text, "any.bib")  # the reader accepts it (it never raises)
    assert rewrite(text, "any.bib", []) == text
    assert rewrite(text, "any.bib", [EntryFix(key, (), ())]) == text


def test_a_field_added_to_a_windows_file_keeps_its_crlf_line_ends() -> None:
    crlf = ALIGNED.replace("\n", "\r\n")
    new = rewrite(crlf, "refs.bib", [fix("back1993", Change(FixField.DOI, "10.1162/x.922"))])
    assert new == crlf.replace(
        '  pages   = "922-931"\r\n}', '  pages   = "922-931",\r\n  doi     = {10.1162/x.922}\r\n}'
    )


def test_names_the_entry_wrote_as_well_as_the_index_are_copied_as_written() -> None:
    text = '@article{b, author = {B{\\"u}nz, Benedikt and S M Smith and Kim, K}, title={T}}\n'
    people = (
        Person(family="Bünz", given="Benedikt"),
        Person(family="Smith", given="S"),
        Person(family="Lee", given="Kim"),
    )
    change = Change(FixField.AUTHORS, "", people, kept=(0, 1, -1))
    new = rewrite(text, "refs.bib", [fix("b", change)])
    assert 'author = {B{\\"u}nz, Benedikt and S M Smith and Lee, K}' in new
