"""Complete citation keys after `@`, `[@` and `\\cite{`, with title, author and year."""

from __future__ import annotations

import re

from cite_sentinel.core import Reference
from cite_sentinel.lsp.convert import path_of
from cite_sentinel.lsp.session import Session
from lsprotocol import types

# The key being typed: after @ (Pandoc, Typst) or inside \cite…{a,b,…} (LaTeX).
_TYPING = re.compile(
    r"(?:(?<![\w.])@|\\[A-Za-z]*cite[A-Za-z]*\*?(?:\[[^\]]*\])*\{(?:[^}]*,)?\s*)([\w:.#$%&+?<>~/-]*)$"
)
TRIGGERS = ["@", "{", ","]


def completion(session: Session, params: types.CompletionParams) -> types.CompletionList | None:
    """Keys the document may cite, when the cursor follows a citation opener."""
    path = path_of(params.text_document.uri)
    lines = session.lines(path)
    if params.position.line >= len(lines):
        return None
    line = lines[params.position.line]
    codec = session.server.workspace.position_codec
    column = codec.position_from_client_units(lines, params.position).character
    if not _TYPING.search(line[:column]):
        return None
    seen: set[str] = set()
    items = []
    for reference in session.workspace.visible_references(path):
        if reference.key in seen:
            continue
        seen.add(reference.key)
        items.append(_item(reference))
    return types.CompletionList(is_incomplete=False, items=items)


def _item(reference: Reference) -> types.CompletionItem:
    author = reference.people[0].family or reference.people[0].literal if reference.people else ""
    detail = " · ".join(p for p in (author, str(reference.year or ""), reference.title) if p)
    return types.CompletionItem(
        label=reference.key,
        kind=types.CompletionItemKind.Reference,
        detail=detail,
        filter_text=reference.key,
    )
