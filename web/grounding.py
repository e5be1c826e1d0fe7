"""Groundedness as `check --ground` judged it: each citing sentence beside the best evidence
from the cited work, with the badge in its colour and in words."""

from __future__ import annotations

from html import escape
from pathlib import Path

from cite_sentinel.core import CheckResult
from cite_sentinel.core.ground import badge_meaning
from cite_sentinel.web.rows import place


def groundedness_section(result: CheckResult, folder: Path) -> str:
    rows = "".join(
        "<tr>"
        f'<td class="where">{escape(place(support.location, folder))}</td>'
        f"<td><strong>{escape(support.key)}</strong></td>"
        f'<td><blockquote class="claim">{escape(support.claim)}</blockquote></td>'
        f"<td>{_evidence(support.judgement.evidence[0].text if support.judgement.evidence else '')}"
        f'<p class="kind">from the {escape(support.judgement.evidence_kind.value)}</p></td>'
        f'<td><span class="badge b-{escape(support.judgement.badge.value)}">'
        f"{escape(support.judgement.badge.value)}</span> "
        f"{escape(badge_meaning(support.judgement))}</td>"
        "</tr>"
        for support in result.supports
    )
    return (
        '<section id="groundedness" aria-label="Groundedness"><h2>Does each cited work '
        "support its sentence?</h2>"
        '<table class="grounding"><thead><tr><th scope="col">Where</th>'
        '<th scope="col">Cites</th><th scope="col">The citing sentence</th>'
        '<th scope="col">Best evidence from the cited work</th><th scope="col">Badge</th>'
        f"</tr></thead><tbody>{rows}</tbody></table></section>"
    )


def _evidence(text: str) -> str:
    if not text:
        return '<p class="none">no evidence</p>'
    return f'<blockquote class="evidence-text">{escape(text)}</blockquote>'
