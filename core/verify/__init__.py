"""Verification: the engine that asks the scholarly indexes, and the plan it follows.

References in, verdicts out. `engine` holds one HTTP client, cache and set of limits for a
face's life; `resolve` plans the lookups (identifiers first, then a search board per source);
`backends/` speak each index's API; `find` answers "which work is this?" for the MCP face.
The matching rules live in `core.matching`.
"""

from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy

if TYPE_CHECKING:
    from cite_sentinel.core.verify.engine import Engine, engine_for, http_settings
    from cite_sentinel.core.verify.find import FoundWork, FoundWorks

__all__ = ["Engine", "FoundWork", "FoundWorks", "engine_for", "http_settings"]
__getattr__, __dir__ = lazy(
    __name__,
    {"engine": ("Engine", "engine_for", "http_settings"), "find": ("FoundWork", "FoundWorks")},
)
