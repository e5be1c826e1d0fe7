"""CSL-JSON edits touch only the fixed items' changed members, in the file's own layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cite_sentinel.core import InputError
from cite_sentinel.core.fix import Change, EntryFix, FixField, rewrite
from cite_sentinel.core.model import Person

ITEMS = """[
 {
  "id": "a",
  "title": "First",
  "issued": {
   "date-parts": [
    [
     "2014",
     5
    ]
   ]
  }
 },
 {"id": "b", "title": "Second", "page": "1-2"}
]
"""


def fix(key: str, *changes: Change) -> EntryFix:
    return EntryFix(key, changes, ("test",))


def test_a_new_doi_is_added_last_with_the_items_indentation() -> None:
    new = rewrite(ITEMS, "refs.json", [fix("a", Change(FixField.DOI, "10.1/a"))])
    assert new == ITEMS.replace(
        "     5\n    ]\n   ]\n  }\n", '     5\n    ]\n   ]\n  },\n  "DOI": "10.1/a"\n'
    )


def test_a_corrected_year_keeps_month_and_the_year_written_as_text() -> None:
    new = rewrite(ITEMS, "refs.json", [fix("a", Change(FixField.YEAR, "2015"))])
    assert json.loads(new)[0]["issued"] == {"date-parts": [["2015", 5]]}
    assert new.splitlines()[0:4] == ITEMS.splitlines()[0:4]
    assert new.endswith(' {"id": "b", "title": "Second", "page": "1-2"}\n]\n')


def test_an_item_on_one_line_stays_on_one_line() -> None:
    people = (Person(family="Ng", given="A."),)
    changes = (Change(FixField.PAGES, "1--3"), Change(FixField.AUTHORS, "", people))
    new = rewrite(ITEMS, "refs.json", [fix("b", *changes)])
    assert (
        ' {"id": "b", "title": "Second", "page": "1-3", '
        '"author": [{"family": "Ng", "given": "A."}]}\n' in new
    )
    assert new.startswith(ITEMS.split(' {"id": "b"')[0])


def test_a_retracted_item_gets_a_keyword_and_a_note() -> None:
    new = rewrite(ITEMS, "refs.json", [fix("b", Change(FixField.RETRACTED, "retracted"))])
    item = json.loads(new)[1]
    assert (item["keyword"], item["note"]) == ("retracted", "Retracted")


def test_no_fixes_leave_the_real_csl_file_byte_identical(data: Path) -> None:
    path = data / "real-bibs" / "deep-review_manual-references.csl.json"
    text = path.read_text(encoding="utf-8")
    assert rewrite(text, str(path), []) == text
    first = json.loads(text)[0]["id"]
    new = rewrite(text, str(path), [fix(first, Change(FixField.DOI, "10.1/x"))])
    assert new.replace(',\n  "DOI": "10.1/x"', "", 1) == text


def test_a_file_that_is_not_an_array_is_refused_with_a_sentence() -> None:
    with pytest.raises(InputError, match="array of items"):
        rewrite('{"items": []}', "refs.json", [fix("a", Change(FixField.DOI, "10.1/a"))])


def test_a_windows_file_keeps_its_crlf_line_ends() -> None:
    crlf = ITEMS.replace("\n", "\r\n")
    people = (Person(family="Ng", given="A."), Person(family="Li", given="B."))
    new = rewrite(
        crlf,
        "refs.json",
        [fix("a", Change(FixField.AUTHORS, "", people), Change(FixField.DOI, "10.1/a"))],
    )
    assert json.loads(new)[0]["author"][1] == {"family": "Li", "given": "B."}
    assert "\n" not in new.replace("\r\n", "")


def test_a_file_starting_with_a_byte_order_mark_is_fixed_and_keeps_it() -> None:
    new = rewrite("\ufeff" + ITEMS, "refs.json", [fix("b", Change(FixField.DOI, "10.1/b"))])
    assert new.startswith("\ufeff[")
    assert json.loads(new[1:])[1]["DOI"] == "10.1/b"


def test_names_the_item_wrote_as_well_as_the_index_stay_as_written() -> None:
    text = '[{"id": "a", "author": [{"family": "Smith", "given": "S. M."}, {"literal": "X"}]}]'
    people = (Person(family="Smith", given="S."), Person(family="Lee", given="Kim"))
    change = Change(FixField.AUTHORS, "", people, kept=(0, -1))
    new = rewrite(text, "refs.json", [fix("a", change)])
    assert json.loads(new)[0]["author"] == [
        {"family": "Smith", "given": "S. M."},
        {"family": "Lee", "given": "Kim"},
    ]
