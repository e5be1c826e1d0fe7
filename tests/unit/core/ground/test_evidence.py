"""Evidence from index records and full text: JATS stripped, a title alone unverifiable."""

from __future__ import annotations

from cite_sentinel.core.ground.chunks import chunks
from cite_sentinel.core.ground.evidence import from_full_text, from_records
from cite_sentinel.core.ground.scorer import EvidenceKind
from cite_sentinel.core.model import Record

JATS = (
    "<jats:title>Abstract</jats:title><jats:p>Aspirin reduced infarction by 20%. "
    "Bleeding rose &amp; fell.</jats:p>"
)


def test_a_crossref_jats_abstract_becomes_plain_sentences() -> None:
    evidence = from_records([Record(source="crossref", id="x", title="T", abstract=JATS)])
    assert evidence.kind is EvidenceKind.ABSTRACT
    assert evidence.passages == ("Aspirin reduced infarction by 20%.", "Bleeding rose & fell.")


def test_a_record_without_abstract_gives_title_only_evidence() -> None:
    evidence = from_records([Record(source="openalex", id="W1", title="Aspirin trials")])
    assert evidence.kind is EvidenceKind.TITLE_ONLY and not evidence.judgeable


def test_full_text_chunks_overlap_and_stay_near_two_thousand_characters() -> None:
    text = " ".join(f"word{i}" for i in range(2000))
    pieces = chunks(text)
    assert len(pieces) > 1
    assert all(len(piece) <= 2000 for piece in pieces)
    assert pieces[0].split()[-1] in pieces[1]
    assert from_full_text(text).kind is EvidenceKind.FULL_TEXT
