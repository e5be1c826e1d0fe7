"""An edit to an open buffer gives the text pygls's own document gives, only faster."""

from __future__ import annotations

from cite_sentinel.lsp.large_text import LargeTextDocument, Lines, adopt
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.workspace import TextDocument, Workspace
from pygls.workspace.position_codec import PositionCodec

TEXT = "@article{k,\n  title = {Caf\u00e9 \U0001f600 na\u00efve},\r\n  year = 2001\n}\n"
UNITS = [types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8]


def _pair(text: str, encoding: str) -> tuple[TextDocument, TextDocument]:
    codec = PositionCodec(encoding=encoding)
    plain = TextDocument("file:///r.bib", text, position_codec=codec)
    large = LargeTextDocument("file:///r.bib", text, position_codec=codec)
    return plain, large


def _change(
    line: int, char: int, end_line: int, end_char: int, text: str
) -> types.TextDocumentContentChangePartial:
    return types.TextDocumentContentChangePartial(
        range=types.Range(
            start=types.Position(line=line, character=char),
            end=types.Position(line=end_line, character=end_char),
        ),
        text=text,
    )


positions = st.integers(min_value=0, max_value=6)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["", TEXT, TEXT * 3, "one line, no newline", "\n\n"]),
    st.sampled_from(UNITS),
    st.lists(
        st.tuples(positions, st.integers(0, 40), positions, st.integers(0, 40),
                  st.sampled_from(["", "x", "{", "\n", "\U0001f600", "two\nlines\r\n"])),
        min_size=1,
        max_size=5,
    ),
)  # fmt: skip
def test_any_edits_give_the_text_pygls_gives(
    text: str, encoding: str, edits: list[tuple[int, int, int, int, str]]
) -> None:
    plain, large = _pair(text, encoding)
    for edit in edits:
        plain.apply_change(_change(*edit))
        large.apply_change(_change(*edit))
        assert large.source == plain.source
        assert list(large.lines) == list(plain.lines)


def test_an_edit_after_an_emoji_lands_where_the_client_meant_it() -> None:
    _, large = _pair(TEXT, types.PositionEncodingKind.Utf16)
    large.apply_change(_change(1, 17, 1, 17, "!"))  # after "Café 😀" (the emoji is two units)
    assert large.lines[1] == "  title = {Caf\u00e9 \U0001f600! na\u00efve},\r\n"


def test_lines_slice_like_a_tuple_of_lines() -> None:
    lines = Lines(TEXT)
    assert list(lines) == TEXT.splitlines(True)
    assert list(lines[1:3]) == TEXT.splitlines(True)[1:3]
    assert lines[-1] == "}\n"


def test_a_document_adopted_after_open_takes_the_workspaces_edits_by_offsets() -> None:
    workspace = Workspace(None)
    workspace.put_text_document(
        types.TextDocumentItem(uri="file:///r.bib", language_id="bibtex", version=1, text=TEXT)
    )
    adopt(workspace, "file:///r.bib")
    document = workspace.get_text_document("file:///r.bib")
    assert isinstance(document, LargeTextDocument)
    workspace.update_text_document(
        types.VersionedTextDocumentIdentifier(uri="file:///r.bib", version=2),
        _change(0, 9, 0, 10, "key"),
    )
    assert document.source == TEXT.replace("{k,", "{key,") and document.version == 2
    assert workspace.get_text_document("file:///r.bib") is document
