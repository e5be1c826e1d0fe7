"""The cite-sentinel engine: the few names the faces use."""

from cite_sentinel.core.check import Verifier, check
from cite_sentinel.core.config import Config, load_config
from cite_sentinel.core.errors import CiteSentinelError, ConfigError, InputError
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import (
    BibliographyLink,
    Citation,
    CitationMode,
    Finding,
    Flag,
    Identifiers,
    Location,
    Person,
    Problem,
    Read,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.core.result import CheckResult
from cite_sentinel.core.workspace import Document, Origin, Workspace

__all__ = [
    "BibliographyLink",
    "CheckResult",
    "Citation",
    "CitationMode",
    "CiteSentinelError",
    "Code",
    "Config",
    "ConfigError",
    "Document",
    "Finding",
    "Flag",
    "Identifiers",
    "InputError",
    "Location",
    "Origin",
    "Person",
    "Problem",
    "Read",
    "Record",
    "Reference",
    "Severity",
    "SourceReport",
    "SourceStatus",
    "Status",
    "Verdict",
    "Verifier",
    "Workspace",
    "check",
    "load_config",
]
