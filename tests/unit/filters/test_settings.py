"""Metadata keys: defaults by output format, and bad values named by their key."""

from __future__ import annotations

import pytest
from cite_sentinel.filters.settings import MetadataError, Style, read_settings


def _settings(output: str = "html", **metadata: object):  # type: ignore[no-untyped-def]
    values = {f"cite-sentinel-{key.replace('_', '-')}": value for key, value in metadata.items()}
    return read_settings(values.get, output)


@pytest.mark.parametrize(
    ("output", "style"),
    [
        ("html", Style.HTML),
        ("html5", Style.HTML),
        ("epub3", Style.HTML),
        ("markdown", Style.NUMBERED),
        ("latex", Style.NUMBERED),
        ("docx", Style.NUMBERED),
    ],
)
def test_the_default_style_is_html_for_html_outputs_and_numbered_otherwise(
    output: str, style: Style
) -> None:
    assert _settings(output).style is style


def test_fail_on_takes_a_word_a_comma_list_or_a_yaml_list() -> None:
    assert _settings(fail_on="fabricated").fail_on == {"fabricated"}
    assert _settings(fail_on="fabricated, miscited").fail_on == {"fabricated", "miscited"}
    assert _settings(fail_on=["retracted", "unverified"]).fail_on == {"retracted", "unverified"}
    assert _settings(fail_on="none").fail_on == frozenset()
    assert _settings().fail_on is None  # not set: the configuration's fail-on applies


@pytest.mark.parametrize(
    ("metadata", "named"),
    [
        ({"style": "fancy"}, "cite-sentinel-style"),
        ({"fail_on": "typos"}, "cite-sentinel-fail-on"),
        ({"report": "sometimes"}, "cite-sentinel-report"),
        ({"correct": ["a"]}, "cite-sentinel-correct"),
    ],
)
def test_a_bad_value_is_an_error_naming_the_key_and_the_value(
    metadata: dict[str, object], named: str
) -> None:
    with pytest.raises(MetadataError) as error:
        _settings(**metadata)
    assert str(error.value).startswith(named)


def test_flags_read_yaml_booleans_and_words() -> None:
    assert _settings(report=True, correct="yes").report
    assert _settings(report=True, correct="yes").correct
    assert not _settings(groundedness="false").groundedness


@pytest.mark.parametrize(
    ("output", "symbol", "raised"),
    [
        ("html", "⚠", False),
        ("markdown", "⚠", False),
        ("docx", "⚠", False),
        ("latex", "[!]", True),
        ("beamer", "[!]", True),
        ("ms", "[!]", False),
    ],
)
def test_the_default_mark_is_one_the_output_can_typeset(
    output: str, symbol: str, raised: bool
) -> None:
    marking = _settings(output).marking
    assert (marking.symbol, marking.superscript) == (symbol, raised)


def test_by_default_only_verdicts_about_the_reference_are_marked() -> None:
    assert _settings().marking.marked == {"fabricated", "miscited", "retracted"}
    assert _settings(mark_on="unverified, fabricated").marking.marked == {
        "unverified",
        "fabricated",
    }
    assert _settings(mark_on="none").marking.marked == frozenset()


def test_the_chosen_mark_is_used_in_every_output() -> None:
    assert _settings("latex", mark="*").marking.symbol == "*"
    assert _settings("html", mark=" (check) ").marking.symbol == "(check)"


@pytest.mark.parametrize(
    ("metadata", "named"),
    [({"mark": ""}, "cite-sentinel-mark"), ({"mark_on": "typos"}, "cite-sentinel-mark-on")],
)
def test_a_bad_mark_setting_is_an_error_naming_the_key(
    metadata: dict[str, object], named: str
) -> None:
    with pytest.raises(MetadataError) as error:
        _settings(**metadata)
    assert str(error.value).startswith(named + ":")
