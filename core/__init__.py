"""The cite-sentinel engine: the names every face shares.

The faces (the CLI, the pandoc filter, the language server, the MCP server) import from here
and from core's packages (`core.verify`, `core.workspace`, `core.sources`, `core.report`,
`core.fix`, `core.ground`, `core.styles`, `core.catalog`, `core.batch`, `core.http`,
`core.matching`), each of which lists its public names in `__all__`; never from a module
inside a package (tests/unit/test_public_api.py holds them to it).
"""

from cite_sentinel.core.check import OnRead, Remembering, Selection, Verifier
from cite_sentinel.core.config import (
    CONFIG_NAME,
    FAIL_ON,
    SCORERS,
    SOURCES,
    Allowed,
    Config,
    checked_setting,
    config_from_table,
    configured,
    load_config,
    settings,
    with_environment,
    with_flags,
)
from cite_sentinel.core.errors import CiteSentinelError, ConfigError, InputError, InternalError
from cite_sentinel.core.failing import Failure, counted_as_accepted, failures, verdict_words
from cite_sentinel.core.findings import VERDICT_CODES, Code, documentation_url
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
from cite_sentinel.core.session import CheckSession, OnVerdict, check
from cite_sentinel.core.verdicts import Identity, Verdicts, identity
from cite_sentinel.core.workspace import Document, Origin, Workspace

__all__ = [
    "CONFIG_NAME",
    "FAIL_ON",
    "SCORERS",
    "SOURCES",
    "VERDICT_CODES",
    "Allowed",
    "BibliographyLink",
    "CheckResult",
    "CheckSession",
    "Citation",
    "CitationMode",
    "CiteSentinelError",
    "Code",
    "Config",
    "ConfigError",
    "Document",
    "Failure",
    "Finding",
    "Flag",
    "Identifiers",
    "Identity",
    "InputError",
    "InternalError",
    "Location",
    "OnRead",
    "OnVerdict",
    "Origin",
    "Person",
    "Problem",
    "Read",
    "Record",
    "Reference",
    "Remembering",
    "Selection",
    "Severity",
    "SourceReport",
    "SourceStatus",
    "Status",
    "Verdict",
    "Verdicts",
    "Verifier",
    "Workspace",
    "check",
    "checked_setting",
    "config_from_table",
    "configured",
    "counted_as_accepted",
    "documentation_url",
    "failures",
    "identity",
    "load_config",
    "settings",
    "verdict_words",
    "with_environment",
    "with_flags",
]
