"""`cite-sentinel-correct`: the indexes' metadata used for the matched references, by every style.

It goes into `references` for citeproc (style `none`), and the filter's own styles render
the corrected references; a miscitation so corrected is no longer marked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import panflute as pf
from cite_sentinel.core import CheckResult, Reference, Status, Verdict
from cite_sentinel.core.fix import record_csl
from cite_sentinel.core.sources import reference_from_item

_CORRECTED = (Status.VERIFIED, Status.MISCITED)


@dataclass(frozen=True, slots=True)
class Correction:
    """The check's result as the corrected document renders it, and what was corrected."""

    result: CheckResult  # matched references hold the indexes' metadata
    miscited: tuple[str, ...]  # keys whose cited metadata was wrong and is now the index's


def correct(doc: pf.Doc, result: CheckResult) -> Correction:
    """Use the matched record's metadata for every matched reference, in `doc`'s `references`
    and in the result the styles render; a corrected miscitation renders as verified. A
    reference the author accepted is kept as written, as `fix` keeps it."""
    existing = doc.get_metadata("references", default=[], builtin=True)
    items: list[object] = list(existing) if isinstance(existing, list) else []
    position = {item.get("id"): index for index, item in enumerate(items) if isinstance(item, dict)}
    references: list[Reference] = []
    miscited: list[str] = []
    for reference in result.references:
        verdict = result.verdict_for(reference)
        if (
            verdict is None
            or verdict.status not in _CORRECTED
            or verdict.match is None
            or reference.key in result.accepted
        ):
            references.append(reference)
            continue
        item = record_csl(reference.key, verdict.match, cited=reference)
        if reference.key in position:
            items[position[reference.key]] = item
        else:
            position[reference.key] = len(items)
            items.append(item)
        references.append(_as_reference(item, reference))
        if verdict.status is Status.MISCITED:
            miscited.append(reference.key)
    if not references or references == list(result.references):
        return Correction(result, ())
    doc.metadata["references"] = pf.MetaList(*(_meta(item) for item in items))
    verdicts = tuple(
        _corrected(verdict)
        if verdict.key in miscited and verdict.status is Status.MISCITED
        else verdict
        for verdict in result.verdicts
    )
    corrected = replace(result, references=tuple(references), verdicts=verdicts)
    return Correction(corrected, tuple(dict.fromkeys(miscited)))


def _as_reference(item: dict[str, object], cited: Reference) -> Reference:
    """The corrected reference, read back as the CSL reader reads it, where it was cited."""
    read = reference_from_item(
        item, location=cited.location, key_location=cited.key_location, raw="", source_format="csl"
    )
    return replace(read, key=cited.key)


def _corrected(verdict: Verdict) -> Verdict:
    """A miscitation whose metadata was replaced by the record's: nothing left to mark but a
    retraction, which correcting metadata does not undo."""
    return replace(verdict, status=Status.VERIFIED, problems=(), reason="")


def _meta(value: object) -> pf.MetaValue:
    if isinstance(value, dict):
        return pf.MetaMap(*((str(key), _meta(item)) for key, item in value.items()))
    if isinstance(value, list):
        return pf.MetaList(*(_meta(item) for item in value))
    if isinstance(value, bool):
        return pf.MetaBool(value)
    return pf.MetaString(str(value))
