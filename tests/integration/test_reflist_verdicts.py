"""A free-text list through the engine and the fake API: real works whose text a PDF damaged
(a lost ligature, a line-break hyphen) are verified, and a web page or a piece of software is
unverified, never fabricated."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cite_sentinel.core import Status
from cite_sentinel.core.http.client import HttpSettings
from cite_sentinel.core.sources.reflist import read_reflist
from cite_sentinel.core.verify.engine import Engine

from tests.fakeapi import FakeApi
from tests.fakeapi.corpus import Corpus, Person, Work

FAST = HttpSettings(timeout=2.0, connect_timeout=1.0, max_attempts=2, max_retry_seconds=1.0)
# Works of the fake's sample corpus, printed as a PDF's text layer can leave them.
LIST = """\
[1] C. Bian, C. Feng, C. Qian, and Y. Yu, "An E cient Evolutionary Algorithm for Subset
    Selection with General Cost Constraints," in Proc. AAAI, 2020, pp. 3267-3274.
[2] Y. Babichenko, O. Dean, and M. Tennenholtz, "Incentive-Compatible Classifica- tion,"
    in Proc. AAAI, 2020, pp. 7055-7062.
[3] Recite. 2025. "Recite Reference Checker." https://recite.example.org/checker
[4] Okonkwo, A. (2024). tidyquant-lite: Tidy financial analysis (Version 2.1) [Computer
    software]. https://example.org/tidyquant-lite
"""


def test_damaged_real_works_are_verified_and_web_pages_and_software_never_fabricated(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    references = read_reflist(LIST, "refs.txt").references
    assert [ref.key for ref in references] == ["1", "2", "3", "4"]
    assert references[0].title.startswith("An Efficient Evolutionary Algorithm")
    assert references[1].title == "Incentive-Compatible Classification"
    engine = Engine(fake_api.env(), cache_dir=tmp_path, settings=FAST)
    verdicts = asyncio.run(engine.verify(list(references)))
    statuses = [verdict.status for verdict in verdicts]
    assert statuses[:2] == [Status.VERIFIED, Status.VERIFIED]
    assert statuses[2:] == [Status.UNVERIFIED, Status.UNVERIFIED], [v.reason for v in verdicts]


JHEP = "Journal of High Energy Physics"


def _article(number: int, family: str, venue: str, year: int, issue: str, page: str) -> Work:
    """A physics article as Crossref holds a journal numbered by year: volume 2011, issue 9,
    article number 12 (JHEP, JCAP)."""
    return Work(
        number=number,
        key=f"hep:{number}",
        title=f"Higher spin holography, part {number}",
        authors=(Person(family, "A."), Person("Mbeki", "T.")),
        year=year,
        venue=venue,
        volume=str(year),
        issue=issue,
        pages=page,
        doi=f"10.5555/hep.{number}",
    )


def test_journals_numbered_by_year_are_verified_as_physicists_print_them(tmp_path: Path) -> None:
    """The issue printed as the volume ("JHEP 09 (2011) 012") or as INSPIRE's year and issue
    ("JCAP 0701 (2007) 031"); the index keeps the year as the volume and the article number
    without its zeros."""
    corpus = Corpus.from_works(
        [
            _article(0, "Okafor", "Journal of High Energy Physics", 2011, "9", "12"),
            _article(
                1, "Lindqvist", "Journal of Cosmology and Astroparticle Physics", 2007, "1", "31"
            ),
            _article(2, "Okafor", "Journal of High Energy Physics", 2011, "8", "12"),
        ]
    )
    printed = """\
[1] A. Okafor and T. Mbeki, JHEP 09 (2011) 012.
[2] A. Lindqvist and T. Mbeki, JCAP 0701 (2007) 031.
"""
    references = read_reflist(printed, "refs.txt").references
    with FakeApi.start(corpus) as fake:
        engine = Engine(fake.env(), cache_dir=tmp_path, settings=FAST)
        verdicts = asyncio.run(engine.verify(list(references)))
    assert [v.status for v in verdicts] == [Status.VERIFIED, Status.VERIFIED], [
        v.reason for v in verdicts
    ]
    assert [v.match.identifiers.doi for v in verdicts if v.match] == [
        "10.5555/hep.0",
        "10.5555/hep.1",
    ]
