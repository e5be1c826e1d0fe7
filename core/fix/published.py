"""Find the published version of each preprint a bibliography cites (for `fix --published`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cite_sentinel.core.fix.plan import CERTAIN_CONFIDENCE
from cite_sentinel.core.matching.fit import is_preprint
from cite_sentinel.core.model import Flag, Identifiers, Location, Record, Reference, Status, Verdict

if TYPE_CHECKING:  # core.check reports what fix would change: no import back at run time
    from cite_sentinel.core.check import Verifier


async def published_versions(verdicts: Sequence[Verdict], verifier: Verifier) -> dict[str, Record]:
    """Keys of preprint citations mapped to the published version's record, where certain.

    A verdict that names the published version's record (the match itself, or another
    index's record of the same work) needs no look-up; one whose match is the preprint
    names the published DOI, which is verified with the preprint's title and
    authors so that a DOI pointing at another work is never taken (the published version may
    add authors, so a miscited answer about authors alone still counts).
    """
    found: dict[str, Record] = {}
    asked: list[Reference] = []
    for verdict in verdicts:
        record = verdict.match
        if record is None or Flag.PUBLISHED_VERSION not in verdict.flags:
            continue
        if verdict.published is not None and not is_preprint(verdict.published):
            found[verdict.key] = verdict.published  # another record of the same work
        elif not is_preprint(record):
            found[verdict.key] = record
        elif record.published_doi:
            asked.append(
                Reference(
                    key=verdict.key,
                    location=Location.point("", 1, 1),
                    title=record.title,
                    people=record.people,
                    identifiers=Identifiers(doi=record.published_doi),
                )
            )
    if asked:
        for answer in await verifier.verify(asked):
            record = answer.match
            doubtful = {"title", "doi"} & {problem.field for problem in answer.problems}
            if (
                answer.status in (Status.VERIFIED, Status.MISCITED)
                and answer.confidence >= CERTAIN_CONFIDENCE
                and not doubtful
                and record is not None
                and not is_preprint(record)
            ):
                found[answer.key] = record
    return found
