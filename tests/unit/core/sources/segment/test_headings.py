"""Which short lines name the reference list, and which name another part of a document."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.segment.headings import is_list_heading, starts_part


@pytest.mark.parametrize(
    "text",
    ["References", "7 References", "B I B L I O G R A P H Y", "参考文献", "Literaturverzeichnis"],
)
def test_the_lists_names_in_any_language_and_print(text: str) -> None:
    assert is_list_heading(text)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("Acknowledgements", 1.0),
        ("A APPENDIX", 1.0),
        ("4 Results", 1.0),
        ("致谢", 1.0),  # acknowledgements, in Chinese
        ("Agradecimientos", 1.0),
        ("结论", 1.4),  # a heading of a script without case, in larger type
    ],
)
def test_parts_that_are_not_the_list_start_where_their_heading_stands(
    text: str, size: float
) -> None:
    assert starts_part(text, size)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("and S. Zhai, Touchscreen typing, 2019.", 1.0),
        ("Springer, Berlin.", 1.0),
        ("结论", 1.0),  # the same word in the text's type heads nothing
        ("in larger type but lower case", 1.4),
    ],
)
def test_an_entrys_lines_start_no_part(text: str, size: float) -> None:
    assert not starts_part(text, size)
