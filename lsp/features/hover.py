"""Hover on a key: the verdict and the matched record, and on a citation its groundedness."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cite_sentinel.core import Flag, Status, Verdict
from cite_sentinel.core.ground import badge_meaning
from cite_sentinel.core.workspace import accepted
from cite_sentinel.lsp.convert import path_of
from cite_sentinel.lsp.features.key_at import key_at
from cite_sentinel.lsp.session import Session
from lsprotocol import types

if TYPE_CHECKING:
    from cite_sentinel.core.ground import CitationSupport

SHOWN_EVIDENCE = 3  # evidence sentences quoted, best first
_QUOTE_LIMIT = 300  # characters of one quoted sentence


def hover(session: Session, params: types.HoverParams) -> types.Hover | None:
    """The key's verdict, or what the bibliography says while verification is pending."""
    found = key_at(session, params.text_document.uri, params.position)
    if found is None:
        return None
    path = path_of(params.text_document.uri)
    verdict = session.verdict_at(path, found.key, is_entry=found.is_entry, where=found.location)
    lines = [f"**{found.key}**"]
    if verdict is None:
        references = session.workspace.references(found.key)
        if not references:
            lines.append("not defined in any bibliography")
        else:
            reference = references[0]
            lines.append(f"{reference.title} ({reference.year or 'n.d.'})")
            lines.append("_not verified yet_")
    else:
        lines.extend(_verdict_lines(verdict))
        if accepted(session.workspace, (found.key,)):
            lines.append("_accepted by the author: no finding, and it fails no check_")
    support = None if found.is_entry else session.grounding.support_at(found.location, found.key)
    if support is not None:
        lines.extend(_support_lines(support))
    range_of = session.range_of(found.location.path)
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n".join(lines)),
        range=range_of(found.location),
    )


def _verdict_lines(verdict: Verdict) -> list[str]:
    lines = [f"verdict: **{verdict.status}**"]
    if Flag.RETRACTED in verdict.flags:
        lines.append("⚠ **retracted**: cite a retracted work only to discuss its retraction")
    if Flag.WITHDRAWN in verdict.flags:
        lines.append("⚠ **withdrawn**")
    for problem in verdict.problems:
        lines.append(f"- {problem.field}: cited `{problem.cited}`, found `{problem.found}`")
    if verdict.status in (Status.UNVERIFIED, Status.FABRICATED) and verdict.reason:
        lines.append(verdict.reason)
    record = verdict.match
    if record is not None:
        authors = ", ".join(p.display for p in record.people[:6])
        if len(record.people) > 6:
            authors += ", et al."
        lines.append(f"{record.title}")
        lines.append(f"{authors} · {record.venue or '—'} · {record.year or 'n.d.'}")
        doi = record.identifiers.doi
        if doi:
            lines.append(f"DOI: [{doi}](https://doi.org/{doi})")
        if record.cited_by is not None:
            lines.append(f"cited by {record.cited_by}")
        if record.published_doi:
            lines.append(f"published version: https://doi.org/{record.published_doi}")
        lines.append(f"source: {record.source}")
    return lines


def _support_lines(support: CitationSupport) -> list[str]:
    """Relevance, badge, the verdict where a verdict-capable scorer gave one, and evidence."""
    judgement = support.judgement
    kind = str(judgement.evidence_kind)
    lines = [
        f"groundedness ({judgement.scorer} scorer): relevance **{judgement.relevance:.2f}** · "
        f"badge **{judgement.badge}** · evidence: {kind}"
    ]
    lines.append(badge_meaning(judgement))
    if judgement.verdict is not None:
        lines.append(f"verdict: **{judgement.verdict}** (confidence {judgement.confidence:.2f})")
    if judgement.quote:
        checked = "verified in the evidence" if judgement.quote_verified else "not found in it"
        lines.append(f"> “{_clip(judgement.quote)}” ({checked})")
    if support.full_text_path:
        lines.append(f"full text: `{support.full_text_path}`")
    if judgement.note:
        lines.append(judgement.note)
    shown = judgement.evidence[:SHOWN_EVIDENCE]
    if shown:
        lines.append("evidence, best first:")
        lines.extend(f"> “{_clip(passage.text)}”" for passage in shown)
    return lines


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _QUOTE_LIMIT else flat[: _QUOTE_LIMIT - 1] + "…"
