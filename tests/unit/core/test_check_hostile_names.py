"""A bibliography name no file can have (a NUL, a part longer than 255 bytes) is a finding at
the link that names it; the run goes on with the other files."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core import Code, check

GOOD = "@article{good2020, title = {Attention}, author = {Vaswani, A.}, year = 2017}\n"
LONG = "a" * 300

MANUSCRIPTS = {
    "nul.md": ('---\nbibliography: "a\\0b.bib"\n---\nSee [@x].\n', "NUL"),
    "long.md": (f"---\nbibliography: {LONG}.bib\n---\nSee [@x].\n", "longer than"),
    "nul.tex": ("See \\cite{x}.\n\\bibliography{a\x00b}\n", "NUL"),  # written as UTF-16
    "long.tex": (f"See \\cite{{x}}.\n\\bibliography{{{LONG}}}\n", "longer than"),
    "long.typ": (f'#bibliography("{LONG}.bib")\nSee @x.\n', "longer than"),
    "deep.tex": (f"See \\cite{{x}}.\n\\bibliography{{{LONG}/{LONG}}}\n", "longer than"),
}


@pytest.mark.parametrize("name", sorted(MANUSCRIPTS))
async def test_an_impossible_bibliography_name_is_a_finding_at_its_link(
    tmp_path: Path, name: str
) -> None:
    text, why = MANUSCRIPTS[name]
    (tmp_path / name).write_text(text, encoding="utf-16" if "\x00" in text else "utf-8")
    (tmp_path / "good.bib").write_text(GOOD, encoding="utf-8")

    result = await check([str(tmp_path / name), str(tmp_path / "good.bib")])

    (missing,) = [f for f in result.findings if f.code == Code.MISSING_BIBLIOGRAPHY]
    assert missing.location.path == str(tmp_path / name)
    assert missing.location.line == text[: text.index("bibliography")].count("\n") + 1
    assert why in missing.message
    assert [reference.key for reference in result.references] == ["good2020"]


async def test_an_input_name_longer_than_the_file_system_allows_is_unreadable(
    tmp_path: Path,
) -> None:
    (tmp_path / "good.bib").write_text(GOOD, encoding="utf-8")
    result = await check([str(tmp_path / LONG), str(tmp_path / "good.bib")])
    assert str(tmp_path / LONG) in result.unreadable
    assert [reference.key for reference in result.references] == ["good2020"]
