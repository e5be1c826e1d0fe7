"""A bug met on one file becomes a finding on that file, so that the other files of the run are
still checked and reported: a bad input costs at most its own findings."""

from __future__ import annotations

import logging

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Severity

log = logging.getLogger(__name__)

HINT = (
    "this is a bug in cite-sentinel, not in the file; the other files were checked; please "
    "report it with the file (or the part of it that still fails)"
)


def internal_error(path: str, doing: str, error: BaseException) -> Finding:
    """The finding for `error`, met while `doing` ("reading", "verifying its references")."""
    log.error("internal error while %s %s", doing, path, exc_info=error)
    return Finding(
        code=Code.INTERNAL_ERROR,
        severity=Severity.ERROR,
        message=f"cite-sentinel failed while {doing} this file: {_said(error)}",
        location=Location.point(path, 1, 1),
        hint=HINT,
    )


def _said(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return text if len(text) <= 300 else text[:300] + "…"
