"""GB/T 7714's type codes split a reference at its title's end and name the kind of work."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.reflist_typecode import place_and_publisher, type_code


@pytest.mark.parametrize(
    ("body", "head", "kind", "rest"),
    [
        (
            "WANG L. Serum ferritin in sepsis[J]. Critical Care, 2019, 23(1): 4-9.",
            "WANG L. Serum ferritin in sepsis",
            "article-journal",
            "Critical Care, 2019, 23(1): 4-9.",
        ),
        (
            "LIU H. Graph networks[C]//Proceedings of ICML. 2021: 1-9.",
            "LIU H. Graph networks",
            "paper-conference",
            "Proceedings of ICML. 2021: 1-9.",
        ),
        ("CHEN J. Tang poetry[M]. Beijing: Zhonghua, 2008.", "CHEN J. Tang poetry", "book", ""),
        ("DO Q D. Spin transport[D]. Hefei: USTC, 2020.", "DO Q D. Spin transport", "thesis", ""),
        ("ISO. Road vehicles[S]. Geneva: ISO, 2018.", "ISO. Road vehicles", "standard", ""),
        ("LI K. A pump[P]. CN1234567A, 2015.", "LI K. A pump", "patent", ""),
        ("WHO. Measles fact sheet[EB/OL]. (2023-01-01).", "WHO. Measles fact sheet", "webpage", ""),
        ("HU J. Tokens[C/ OL]//iclr. 2020.", "HU J. Tokens", "paper-conference", "iclr. 2020."),
        ("ZHAO Y. Weibo corpus[DB/OL]. 2019.", "ZHAO Y. Weibo corpus", "dataset", ""),
        ("MA T. Solver[CP]. 2021.", "MA T. Solver", "software", ""),
    ],
)
def test_codes_split_the_reference(body: str, head: str, kind: str, rest: str) -> None:
    coded = type_code(body)
    assert coded is not None
    assert (coded.head, coded.kind) == (head, kind)
    if rest:
        assert coded.rest == rest


@pytest.mark.parametrize(
    "body",
    [
        "Smith, J. (2020). Results [J] and more. Journal, 1, 2.",  # a space before: no code
        "Doe J. The [M] notation in logic. Logic J. 2001;3:4.",
        "[C] Smith J. Title. 2020.",  # nothing before it
        "Lee K. Alphabet soup [A-Z]. Lancet. 2019.",
    ],
)
def test_brackets_that_are_no_type_code(body: str) -> None:
    assert type_code(body) is None


def test_standalone_works_and_their_publishers() -> None:
    book = type_code("CHEN J. Tang poetry[M]. Beijing: Zhonghua Book Company, 2008.")
    assert book is not None and book.standalone
    assert place_and_publisher(book.rest) == ("Beijing", "Zhonghua Book Company")
    article = type_code("WANG L. Sepsis[J]. Critical Care, 2019, 23(1): 4-9.")
    assert article is not None and not article.standalone
    assert place_and_publisher("Critical Care, 2019, 23(1): 4-9.") == ("", "")
