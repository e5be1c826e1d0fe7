"""An `[[allow]]` table written for a key reads back, through TOML and the config, as that key."""

from __future__ import annotations

import tomllib

from cite_sentinel.core.fix import allow_table
from hypothesis import given, settings
from hypothesis import strategies as st

_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from('"\\\n\r\t\b\f\x00\x1f\x7f#=[]{}%&_$^~ éß中😀'),
        st.characters(codec="utf-8"),
    ),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(key=_TEXT, reason=_TEXT)
def test_a_written_allow_table_reads_back_as_the_same_key_and_reason(key: str, reason: str) -> None:
    table = tomllib.loads(allow_table(key, reason))
    assert table == {"allow": [{"key": key, "reason": reason}]}


def test_the_table_ends_its_lines_as_the_file_does() -> None:
    written = allow_table("smith2020", "in press", "\r\n")
    assert written == '[[allow]]\r\nkey = "smith2020"\r\nreason = "in press"\r\n'


def test_a_key_with_a_quote_cannot_break_out_of_its_string() -> None:
    written = allow_table('a"\nevil = true', "r")
    assert tomllib.loads(written) == {"allow": [{"key": 'a"\nevil = true', "reason": "r"}]}
