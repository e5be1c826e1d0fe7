"""No text, however broken, makes a reader raise: trouble comes back as located findings."""

from __future__ import annotations

import importlib.util

import pytest
from cite_sentinel.core.model import Read
from cite_sentinel.core.sources import read_text
from cite_sentinel.core.sources.csl import read_csl_yaml
from cite_sentinel.core.sources.manubot import read_manubot_ids
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.reader_inputs import READERS, texts

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _require(module: str) -> None:
    if importlib.util.find_spec(f"cite_sentinel.core.sources.{module}") is None:
        pytest.skip(f"the {module} reader (core/sources/{module}.py) is not written yet")


@pytest.mark.parametrize(("suffix", "module"), READERS, ids=[s for s, _ in READERS])
def test_no_text_makes_a_reader_raise(suffix: str, module: str) -> None:
    _require(module)
    path = f"input{suffix}"

    @SETTINGS
    @given(text=texts)
    def reads_without_raising(text: str) -> None:
        read = read_text(text, path)
        assert isinstance(read, Read)
        for finding in read.findings:
            assert finding.location.path == path
            assert finding.location.line >= 1 and finding.location.column >= 1
            assert finding.message

    reads_without_raising()


@SETTINGS
@given(text=texts)
def test_a_manubot_id_list_never_raises_and_locates_its_findings(text: str) -> None:
    read = read_manubot_ids(text, "ids.txt")
    for item in (*read.findings, *read.references):
        assert item.location.line >= 1 and item.location.column >= 1


@SETTINGS
@given(text=texts, first_line=st.integers(min_value=1, max_value=500))
def test_front_matter_yaml_never_raises_and_stays_below_its_first_line(
    text: str, first_line: int
) -> None:
    read = read_csl_yaml(text, "paper.md", first_line=first_line)
    for item in (*read.findings, *read.references):
        assert item.location.line >= first_line
