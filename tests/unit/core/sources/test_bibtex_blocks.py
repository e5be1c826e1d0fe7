"""The scanner cuts a .bib into blocks exactly where BibTeX would, values verbatim."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.sources.bibtex_blocks import (
    EntryBlock,
    FailedBlock,
    PieceKind,
    StringBlock,
    split_blocks,
)


def test_values_keep_their_kind_text_and_span() -> None:
    text = '@misc{k, a = {x {y}}, b = "q", c = 42, d = jan # " 1"}'
    (entry,) = split_blocks(text)
    assert isinstance(entry, EntryBlock)
    pieces = {field.name: field.pieces for field in entry.fields}
    assert [(p.kind, p.text) for p in pieces["a"]] == [(PieceKind.BRACED, "x {y}")]
    assert [(p.kind, p.text) for p in pieces["b"]] == [(PieceKind.QUOTED, "q")]
    assert [(p.kind, p.text) for p in pieces["c"]] == [(PieceKind.NUMBER, "42")]
    assert [(p.kind, p.text) for p in pieces["d"]] == [
        (PieceKind.MACRO, "jan"),
        (PieceKind.QUOTED, " 1"),
    ]
    for field in entry.fields:
        for piece in field.pieces:
            written = text[piece.start : piece.end]
            assert written.strip('{}"') == piece.text.strip('{}"')
    assert text[entry.start : entry.end] == text


def test_string_blocks_and_failures_stay_in_source_order() -> None:
    blocks = split_blocks('@string{a = "A"}\n@misc{x, t = }\n@misc{y, t = {T}}\n')
    assert [type(block) for block in blocks] == [StringBlock, FailedBlock, EntryBlock]


def test_real_bibliographies_split_like_bibtexparser(data: Path) -> None:
    import bibtexparser

    for path in sorted((data / "real-bibs").glob("*.bib")):
        text = path.read_text(encoding="utf-8")
        oracle = bibtexparser.parse_string(text, append_middleware=[])
        entries = [block for block in split_blocks(text) if isinstance(block, EntryBlock)]
        assert [entry.key for entry in entries] == [entry.key for entry in oracle.entries]
        for ours, theirs in zip(entries, oracle.entries, strict=True):
            values = {f.name: "".join(p.text for p in f.pieces) for f in ours.fields}
            assert values == {f.key.lower(): str(f.value) for f in theirs.fields}


def test_a_value_left_out_before_the_next_entry_does_not_swallow_that_entry() -> None:
    text = "@article{a,\n  title = {T},\n  year = \n@book{dup,\n  title = {B}\n}\n"
    failed, entry = split_blocks(text)
    assert isinstance(failed, FailedBlock) and isinstance(entry, EntryBlock)
    assert "expected a value for field 'year' in entry 'a'" in failed.message
    assert entry.key == "dup"


def test_an_at_sign_inside_a_bare_value_on_its_line_is_still_a_macro() -> None:
    (entry,) = split_blocks("@misc{k, note = me@home, year = 2001}")
    assert isinstance(entry, EntryBlock)
    assert [(p.kind, p.text) for p in entry.fields[0].pieces] == [(PieceKind.MACRO, "me@home")]
