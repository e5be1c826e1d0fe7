"""Complete citation keys after `@`, `[@`, `\\cite{` and `#cite(<`, with title, author and year."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core import Reference
from cite_sentinel.lsp.convert import path_of
from cite_sentinel.lsp.session import Session
from lsprotocol import types

# The key being typed: after @ (Pandoc, Typst), inside \cite…{a,b,…} (LaTeX, biblatex's
# capitalised and multi-citation commands too) or after #cite(< / #cite(label(" (Typst).
_KEY_SO_FAR = r"[\w:.#$%&+?<>~/-]*"
_TYPING = re.compile(
    r"(?:(?<![\w.])@"
    r"|\\[A-Za-z]*[cC]ite[A-Za-z]*\*?(?:\([^)]*\))?(?:\[[^\]]*\])*"
    r"(?:\{[^}]*\}(?:\[[^\]]*\])*)*\{(?:[^}]*,)?\s*"
    r"|#cite\(\s*(?:<|label\(\s*\"))"
    rf"({_KEY_SO_FAR})$"
)
TRIGGERS = ["@", "{", ",", "<", '"']


def completion(session: Session, params: types.CompletionParams) -> types.CompletionList | None:
    """Keys the document may cite, when the cursor follows a citation opener."""
    path = path_of(params.text_document.uri)
    lines = _lines(session, params.text_document.uri, path)
    if params.position.line >= len(lines):
        return None
    line = lines[params.position.line]
    codec = session.server.workspace.position_codec
    column = codec.position_from_client_units(lines, params.position).character
    typing = _TYPING.search(line[:column])
    if typing is None:
        return None
    # the edit replaces the key typed so far: an editor's own word would stop at `:` or `/`
    start = codec.position_to_client_units(
        lines, types.Position(line=params.position.line, character=typing.start(1))
    )
    typed = types.Range(start=start, end=params.position)
    shared = _edit_range_default(session)  # one range for every item: half the JSON
    seen: set[str] = set()
    items = []
    for reference in session.workspace.visible_references(path):
        if reference.key in seen:
            continue
        seen.add(reference.key)
        items.append(_item(reference, None if shared else typed))
    defaults = types.CompletionItemDefaults(edit_range=typed) if shared else None
    return types.CompletionList(is_incomplete=False, items=items, item_defaults=defaults)


def _lines(session: Session, uri: str, path: str) -> Sequence[str]:
    """The buffer as typed (the reading lags one debounce delay behind a trigger character);
    the reading's lines, split once already, when it is of the same text."""
    document = session.server.workspace.text_documents.get(uri)
    known = session.workspace.document(path)
    if document is None or (known is not None and known.text == document.source):
        return session.lines(path)
    lines: Sequence[str] = document.lines
    return lines


def _edit_range_default(session: Session) -> bool:
    """Whether the client takes a completion list's default edit range (LSP 3.17)."""
    text_document = session.server.client_capabilities.text_document
    completion = text_document.completion if text_document is not None else None
    listed = completion.completion_list if completion is not None else None
    return listed is not None and "editRange" in (listed.item_defaults or ())


def completes_key(before: str) -> bool:
    """Whether the text before the cursor ends inside a citation, where a key is typed."""
    return _TYPING.search(before) is not None


def _item(reference: Reference, typed: types.Range | None) -> types.CompletionItem:
    author = reference.people[0].family or reference.people[0].literal if reference.people else ""
    detail = " · ".join(p for p in (author, str(reference.year or ""), reference.title) if p)
    return types.CompletionItem(
        label=reference.key,
        kind=types.CompletionItemKind.Reference,
        detail=detail,
        filter_text=reference.key,
        text_edit=types.TextEdit(range=typed, new_text=reference.key) if typed else None,
    )
