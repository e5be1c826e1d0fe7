"""The filter's own engine follows the configuration the build loaded, as `check` does."""

from __future__ import annotations

from pathlib import Path

import panflute as pf
from cite_sentinel.filters.pandoc_filter import main as run_filter

from tests.fakeapi import FakeApi

BIB = """@article{nowlan1992,
  author  = {Nowlan, Steven J. and Hinton, Geoffrey E.},
  title   = {Simplifying Neural Networks by Soft Weight-Sharing},
  journal = {Neural Computation},
  year    = {1992},
  volume  = {4},
  pages   = {473--493}
}
"""


def test_the_default_engine_asks_only_the_indexes_the_configuration_names(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / ".cite-sentinel.toml").write_text('sources = ["crossref"]\n', encoding="utf-8")
    cite = pf.Cite(pf.Str("[@nowlan1992]"), citations=[pf.Citation("nowlan1992")])
    doc = pf.Doc(pf.Para(pf.Str("Weight"), pf.Space(), cite), format="html")
    doc.metadata["bibliography"] = pf.MetaInlines(pf.Str(str(tmp_path / "refs.bib")))
    said: list[str] = []
    run_filter(doc, cwd=tmp_path, notify=said.append)
    asked = fake_api.stats().by_api
    assert asked.get("crossref", 0) >= 1, said
    assert asked.get("openalex", 0) == 0  # a Config() default would have asked OpenAlex first
