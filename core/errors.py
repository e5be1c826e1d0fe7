"""The project's exceptions, one branch per cause.

    CiteSentinelError
    ├── InputError          a file or argument a person gave cannot be used (exit 2)
    ├── SourceError         an index failed to answer (becomes `unverified`, never raised to faces)
    ├── ConfigError         a configuration value is wrong (exit 2)
    └── InternalError       a bug in cite-sentinel: show the traceback and ask for a report

Bad input inside a file is never an exception: readers turn it into findings.
"""

from __future__ import annotations


class CiteSentinelError(Exception):
    """The root of every error cite-sentinel raises on purpose."""


class InputError(CiteSentinelError):
    """An input a person named cannot be used; the message says which and what to do."""


class SourceError(CiteSentinelError):
    """An index did not answer usefully; carries the source's name."""

    def __init__(self, source: str, reason: str) -> None:
        super().__init__(f"{source}: {reason}")
        self.source = source
        self.reason = reason


class ConfigError(CiteSentinelError):
    """A configuration value is wrong; the message names the key and where it came from."""


class InternalError(CiteSentinelError):
    """An inconsistency that only a bug can cause."""
