"""The workspace every face reads through: documents, the bibliographies they use, what they say."""

from cite_sentinel.core.workspace.acceptance import ACCEPT_MARK, accept
from cite_sentinel.core.workspace.atomic import (
    FileChanged,
    remove_stale_temporaries,
    write_atomically,
    write_text_atomically,
)
from cite_sentinel.core.workspace.discover import is_excluded
from cite_sentinel.core.workspace.document import Document, Origin
from cite_sentinel.core.workspace.files import DISK, FileAccess, Granted, Roots
from cite_sentinel.core.workspace.findings import (
    accepted,
    lint,
    local_findings,
    placements,
    problems,
    targets,
    verdict_findings,
)
from cite_sentinel.core.workspace.git_changes import changed_keys, changes_since
from cite_sentinel.core.workspace.local_checks import NOCITE_ALL, finish
from cite_sentinel.core.workspace.paths import bibliography_path, is_folder, normal, path_exists
from cite_sentinel.core.workspace.reading import COLD_LIMIT
from cite_sentinel.core.workspace.textfile import TextFileError, decode, read_text_file
from cite_sentinel.core.workspace.workspace import (
    Pending,
    Workspace,
    complete_pending,
)

__all__ = [
    "ACCEPT_MARK",
    "COLD_LIMIT",
    "DISK",
    "NOCITE_ALL",
    "Document",
    "FileAccess",
    "FileChanged",
    "Granted",
    "Origin",
    "Pending",
    "Roots",
    "TextFileError",
    "Workspace",
    "accept",
    "accepted",
    "bibliography_path",
    "changed_keys",
    "changes_since",
    "complete_pending",
    "decode",
    "finish",
    "is_excluded",
    "is_folder",
    "lint",
    "local_findings",
    "normal",
    "path_exists",
    "placements",
    "problems",
    "read_text_file",
    "remove_stale_temporaries",
    "targets",
    "verdict_findings",
    "write_atomically",
    "write_text_atomically",
]
