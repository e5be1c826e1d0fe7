"""What the styles need to render one document: numbering, references by key, verdicts."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from cite_sentinel.core import CheckResult, Reference, Status, Verdict
from cite_sentinel.core.styles import DEFAULT_MARKING, Disambiguation, Marking, Numbering, work_kind
from cite_sentinel.core.workspace import NOCITE_ALL
from cite_sentinel.filters.collect import CiteGroup
from cite_sentinel.filters.settings import Style, base_format, is_html

_MARKDOWN_WRITERS = frozenset(
    {
        "markdown",
        "markdown_strict",
        "markdown_phpextra",
        "markdown_github",
        "markdown_mmd",
        "gfm",
        "commonmark",
        "commonmark_x",
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rendering:
    """One build's rendering context; `references` are the cited ones, in first-cited order."""

    style: Style
    output_format: str
    numbering: Numbering
    references: Mapping[str, Reference]
    verdicts: Mapping[str, Verdict]  # those the document marks: none of an accepted key
    disambiguation: Disambiguation
    link_citations: bool = False  # citations link to their entries (not in Markdown output)
    listed: bool = True  # False with `suppress-bibliography`: no list, so no link to one
    marking: Marking = DEFAULT_MARKING  # which verdicts are marked, and how

    @property
    def is_html(self) -> bool:
        return is_html(self.output_format)

    @property
    def is_markdown(self) -> bool:
        return base_format(self.output_format) in _MARKDOWN_WRITERS

    @property
    def raw_format(self) -> str:
        """The format a RawInline needs to pass through this writer untouched."""
        base = base_format(self.output_format)
        if base.startswith("markdown"):
            return "markdown"
        return "commonmark" if base == "commonmark_x" else base  # it passes commonmark on

    @property
    def cited(self) -> tuple[Reference, ...]:
        return tuple(self.references.values())


def rendering_for(
    style: Style,
    output_format: str,
    groups: Sequence[CiteGroup],
    result: CheckResult,
    today: str,
    *,
    nocite: Sequence[str] = (),
    link_citations: bool = False,
    listed: bool = True,
    unanchored: Collection[int] = (),
    marking: Marking = DEFAULT_MARKING,
) -> Rendering:
    """Numbers in order of first citation; a web page's Accessed date is its urldate, else
    the day it was verified.

    Keys only `nocite` names follow the cited ones, as citeproc lists them (`*`: every
    entry, in the bibliography's order); they have no citation to link back to, and neither
    have the citations of the `unanchored` groups (filters.cites.Where.anchored).
    """
    defined: dict[str, Reference] = {}
    for reference in result.references:
        defined.setdefault(reference.key, reference)
    citations = [c for group in groups for c in group.citations if c.key in defined]
    uncited = [key for name in nocite for key in (defined if name == NOCITE_ALL else [name])]
    numbering = Numbering.from_citations(citations).with_keys(  # undefined keys get no number
        key for key in uncited if key in defined
    )
    if unanchored:
        anchors = tuple(anchor for anchor in numbering.anchors if anchor[0] not in unanchored)
        numbering = Numbering(numbering.keys, anchors)
    verdicts = {  # a key defined for two works: the verdict on the entry it resolves to
        key: verdict
        for key, reference in defined.items()
        if (verdict := result.verdict_for(reference)) is not None
    }
    cited = {
        key: _accessed(defined[key], verdicts.get(key), today)
        for key in numbering.keys
        if key in defined
    }
    marked = {key: verdict for key, verdict in verdicts.items() if key not in result.accepted}
    return Rendering(
        style=style,
        output_format=output_format,
        numbering=numbering,
        references=cited,
        verdicts=marked,
        disambiguation=Disambiguation.from_references(tuple(cited.values())),
        link_citations=listed
        and link_citations
        and base_format(output_format) not in _MARKDOWN_WRITERS,
        listed=listed,
        marking=marking,
    )


def _accessed(reference: Reference, verdict: Verdict | None, today: str) -> Reference:
    """A web page verified today was accessed today; no other work gets an Accessed date."""
    if reference.accessed or verdict is None or verdict.status is not Status.VERIFIED:
        return reference
    return replace(reference, accessed=today) if work_kind(reference) == "web" else reference
