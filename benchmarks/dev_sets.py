"""The labelled dev sets (xfield, HALLMARK) as BibTeX read by the real reader, with their labels."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.model import Reference
from cite_sentinel.core.sources.bibtex import read_bibtex

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
XFIELD_DEV = DATA / "dev" / "xfield_dev.jsonl"
HALLMARK_DEV = DATA / "dev" / "hallmark_dev_public.jsonl"


@dataclass(frozen=True, slots=True, kw_only=True)
class Labelled:
    """One dev entry read as a reference, with its label and what the set says of its work."""

    reference: Reference
    label: str  # VALID or HALLUCINATED
    kind: str  # the hallucination type, "" for a valid entry
    field: str = ""
    work_type: str = ""
    work: str = ""


def xfield(limit: int = 0) -> list[Labelled]:
    """The xfield dev entries (their own BibTeX) in file order; any the reader skips left out."""
    entries = _lines(XFIELD_DEV, limit)
    read = _read("\n\n".join(str(e["bibtex"]) for e in entries), "xfield_dev.bib")
    return [
        Labelled(
            reference=read[str(entry["key"])],
            label=str(entry["label"]),
            kind=str(entry.get("hallucination_type") or ""),
            field=str(entry.get("field") or ""),
            work_type=str(entry.get("work_type") or ""),
            work=str(entry.get("work_id") or ""),
        )
        for entry in entries
        if str(entry["key"]) in read
    ]


def hallmark(limit: int = 0) -> list[Labelled]:
    """The HALLMARK dev entries written as BibTeX (keys e0, e1, …), as verify_accuracy does."""
    entries = _lines(HALLMARK_DEV, limit)
    text = "\n\n".join(_hallmark_bibtex(index, entry) for index, entry in enumerate(entries))
    read = _read(text, "hallmark_dev.bib")
    return [
        Labelled(
            reference=read[f"e{index}"],
            label=str(entry["label"]),
            kind=str(entry.get("hallucination_type") or ""),
            field="machine learning",
            work_type=str(entry.get("bibtex_type") or ""),
        )
        for index, entry in enumerate(entries)
        if f"e{index}" in read
    ]


def missing() -> list[Path]:
    """The dev files that are absent (the shared data folder is not beside the project)."""
    return [path for path in (XFIELD_DEV, HALLMARK_DEV) if not path.is_file()]


def _lines(path: Path, limit: int) -> list[dict[str, object]]:
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return entries[:limit] if limit else entries


def _read(text: str, name: str) -> dict[str, Reference]:
    return {reference.key: reference for reference in read_bibtex(text, name).references}


def _hallmark_bibtex(index: int, entry: dict[str, object]) -> str:
    fields = entry["fields"]
    assert isinstance(fields, dict)
    body = ",\n".join(f"  {name} = {{{_balanced(str(value))}}}" for name, value in fields.items())
    return f"@{entry['bibtex_type']}{{e{index},\n{body}\n}}"


def _balanced(value: str) -> str:
    """Close the braces a few dev values leave open (their text was cut short upstream)."""
    return value + "}" * max(0, value.count("{") - value.count("}"))
