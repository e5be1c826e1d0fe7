"""Readers never raise: a bug inside one becomes a finding that asks for a report."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Read, Severity

log = logging.getLogger(__name__)

Reader = Callable[[str, str], Read]


def never_raises(kind: str) -> Callable[[Reader], Reader]:
    """Wrap a reader of `kind` documents so that an internal error is reported, not raised."""

    def wrap(read: Reader) -> Reader:
        @functools.wraps(read)
        def guarded(text: str, path: str) -> Read:
            try:
                return read(text, path)
            except Exception as error:  # a reader never raises: a bug becomes a finding
                log.exception("%s reader failed on %s", kind, path)
                return Read(findings=(_bug(path, error),))

        return guarded

    return wrap


def _bug(path: str, error: Exception) -> Finding:
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.ERROR,
        message=f"internal error while reading citations: {error!r}",
        location=Location.point(path, 1, 1),
        hint="this is a bug in cite-sentinel; please report it with the file",
    )
