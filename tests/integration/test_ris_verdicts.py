"""A RIS export through the whole check and the fake API: a real work is verified, an invented
one fabricated, each found where its record is written."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core import CheckSession, Config, Status

from tests.fakeapi import FakeApi

RIS = """\
TY  - JOUR
AU  - Nowlan, Steven J.
AU  - Hinton, Geoffrey E.
TI  - Simplifying Neural Networks by Soft Weight-Sharing
JO  - Neural Computation
PY  - 1992
ER  -

TY  - JOUR
AU  - Whitcombe, Harold
TI  - A Unified Theory of Belief Revision under Bounded Attention
JO  - Journal of Artificial Intelligence Research
PY  - 2017
VL  - 58
SP  - 345
EP  - 377
ER  -
"""


async def test_a_ris_export_is_checked_like_any_bibliography(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    library = tmp_path / "library.ris"
    library.write_text(RIS, encoding="utf-8")
    environ = {**fake_api.env(), "CITE_SENTINEL_CACHE_DIR": str(tmp_path / "cache")}
    async with CheckSession(Config(), environ) as session:
        result = await session.check([str(library)])
    statuses = {verdict.key: verdict.status for verdict in result.verdicts}
    assert statuses == {"nowlan1992": Status.VERIFIED, "whitcombe2017": Status.FABRICATED}
    (fabricated,) = [f for f in result.findings if f.code == "fabricated"]
    assert (fabricated.location.path, fabricated.location.line) == (str(library), 9)
