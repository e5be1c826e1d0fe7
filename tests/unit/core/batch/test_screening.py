"""One manuscript of a batch screened: its counts, as `check`'s summary counts them."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core import CheckSession
from cite_sentinel.core.batch.screening import screen

from tests.unit.core.fakes import ByTitle

ENTRY = "@article{{{key}, title = {{{title}}}, author = {{Smith, Ann}}, year = 2020}}\n"


async def test_a_reference_the_author_accepted_is_counted_as_accepted_not_as_fabricated(
    tmp_path: Path,
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        ENTRY.format(key="kept2020", title="Invented Results")
        + "% cite-sentinel: accept\n"
        + ENTRY.format(key="accepted2020", title="Invented Too"),
        encoding="utf-8",
    )
    screened = await screen("paper", [str(bib)], CheckSession(verifier=ByTitle()))
    assert (screened.references, screened.fabricated, screened.accepted) == (2, 1, 1)
    assert screened.flagged == ("kept2020 (fabricated)",)
