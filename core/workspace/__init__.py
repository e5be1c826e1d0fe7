"""The workspace every face reads through: documents, the bibliographies they use, what they say."""

from cite_sentinel.core.workspace.acceptance import ACCEPT_MARK, accept
from cite_sentinel.core.workspace.document import Document, Origin
from cite_sentinel.core.workspace.findings import (
    accepted,
    lint,
    local_findings,
    placements,
    problems,
    targets,
    verdict_findings,
)
from cite_sentinel.core.workspace.paths import bibliography_path, normal
from cite_sentinel.core.workspace.reading import COLD_LIMIT
from cite_sentinel.core.workspace.workspace import (
    Pending,
    Workspace,
    complete_pending,
)

__all__ = [
    "ACCEPT_MARK",
    "COLD_LIMIT",
    "Document",
    "Origin",
    "Pending",
    "Workspace",
    "accept",
    "accepted",
    "bibliography_path",
    "complete_pending",
    "lint",
    "local_findings",
    "normal",
    "placements",
    "problems",
    "targets",
    "verdict_findings",
]
