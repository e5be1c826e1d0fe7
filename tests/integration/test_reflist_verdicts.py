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
