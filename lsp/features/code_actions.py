"""Quick fixes from a diagnostic's data: verified fields, DOIs, removals, insertions, accepting."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cite_sentinel.core import VERDICT_CODES, Code, Reference
from cite_sentinel.core.fix import Change, FixField, allow_table, author_change
from cite_sentinel.lsp.convert import path_of, uri_of
from cite_sentinel.lsp.features import bib_edits
from cite_sentinel.lsp.session import Session
from lsprotocol import types

INSERT_COMMAND = "cite-sentinel.insertEntryByDoi"
_DOI_KEY = re.compile(r"^(?:doi:)?(10\.\d{4,9}/\S+)$", re.IGNORECASE)
_FIELDS = {
    "title": FixField.TITLE,
    "year": FixField.YEAR,
    "doi": FixField.DOI,
    "volume": FixField.VOLUME,
    "pages": FixField.PAGES,
    "venue": FixField.VENUE,
}


def code_actions(session: Session, params: types.CodeActionParams) -> list[types.CodeAction]:
    """Every fix the diagnostics under the cursor allow."""
    actions: list[types.CodeAction] = []
    for diagnostic in params.context.diagnostics:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else None
        if data is None or diagnostic.source != "cite-sentinel":
            continue
        try:
            actions.extend(_for(session, params.text_document.uri, diagnostic, data))
        except (KeyError, TypeError, ValueError, IndexError):
            continue  # data from an older server or another tool: offer nothing
    return actions


def _for(
    session: Session, uri: str, diagnostic: types.Diagnostic, data: dict[str, Any]
) -> list[types.CodeAction]:
    key, code = str(data["key"]), str(data["code"])
    if code == Code.UNDEFINED_KEY:
        return _insert_by_doi(session, path_of(uri), key, diagnostic)
    entry = _bib_entry(session, key)
    if entry is None:
        return []
    edit = _Editor(session, entry)
    match = data.get("match") or {}
    actions: list[types.CodeAction] = []
    if code == Code.UNUSED_ENTRY:
        actions.append(
            edit.action(
                f"Remove unused entry {key}",
                [bib_edits.remove_entry(entry, edit.range_of)],
                diagnostic,
            )
        )
    if code == Code.MISCITED and match:
        verified = edit.change(*_verified_changes(data, match, entry))
        if verified is not None:
            actions.append(
                edit.action(
                    f"Replace {key}'s fields with the verified metadata",
                    [verified],
                    diagnostic,
                    preferred=True,
                )
            )
    if match.get("doi") and not entry.field("doi") and code in VERDICT_CODES:
        added = edit.change(Change(FixField.DOI, match["doi"]))
        if added is not None:
            actions.append(edit.action(f"Add DOI {match['doi']}", [added], diagnostic))
    if code == Code.PUBLISHED_VERSION and match.get("published_doi"):
        doi = match["published_doi"]
        cited = edit.change(Change(FixField.DOI, doi))
        if cited is not None:
            actions.append(
                edit.action(f"Cite the published version (doi {doi})", [cited], diagnostic)
            )
    if code in VERDICT_CODES:
        actions.append(
            edit.action(
                f"Accept {key} as verified",
                [bib_edits.accept_comment(entry, edit.range_of, edit.newline)],
                diagnostic,
            )
        )
        allow = _allow_action(session, key, diagnostic)
        if allow is not None:
            actions.append(allow)
    return actions


def _allow_action(
    session: Session, key: str, diagnostic: types.Diagnostic
) -> types.CodeAction | None:
    """Accept in `.cite-sentinel.toml` (`[[allow]]`, as `check` reads it), creating the file."""
    origin = Path(session.settings.config.origin) if session.settings.config.origin else None
    if origin is not None and origin.name == ".cite-sentinel.toml":
        target = origin
    elif session.root is not None:
        target = session.root / ".cite-sentinel.toml"
    else:
        return None
    uri = uri_of(str(target))
    title = f"Accept {key} in {target.name}"
    lines = _config_lines(session, uri, target)
    nl = bib_edits.newline_of(lines or ())
    table = allow_table(key, "accepted in the editor", nl)
    if lines is None:
        create = types.CreateFile(uri=uri, options=types.CreateFileOptions(ignore_if_exists=True))
        insert = types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=None),
            edits=[types.TextEdit(range=_at(0, 0), new_text=table)],
        )
        edit = types.WorkspaceEdit(document_changes=[create, insert])
    else:
        if lines and not lines[-1].endswith(("\n", "\r")):
            codec = session.server.workspace.position_codec
            end = codec.position_to_client_units(
                lines, types.Position(line=len(lines) - 1, character=len(lines[-1]))
            )
            where, text = _at(end.line, end.character), nl + nl + table
        else:
            where, text = _at(len(lines), 0), nl + table
        edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(range=where, new_text=text)]})
    return types.CodeAction(
        title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic], edit=edit
    )


def _config_lines(session: Session, uri: str, target: Path) -> list[str] | None:
    """The config file's lines with their own line ends (the open buffer's, else the disk's);
    None where there is no such file."""
    document = session.server.workspace.text_documents.get(uri)
    if document is not None:
        source: str = document.source
        return source.splitlines(keepends=True)
    try:
        with target.open(encoding="utf-8", newline="") as file:  # CRLF kept as read
            return file.read().splitlines(keepends=True)
    except FileNotFoundError:
        return None


def _at(line: int, character: int) -> types.Range:
    point = types.Position(line=line, character=character)
    return types.Range(start=point, end=point)


def _verified_changes(
    data: dict[str, Any], match: dict[str, Any], entry: Reference
) -> list[Change]:
    """What the diagnostic's problems say is wrong, as the record has it (never a shorter
    author list than the entry's, nor fewer initials: `author_change`)."""
    changes: list[Change] = []
    for name, _cited, found in data.get("problems", []):
        if name == "authors" and match.get("authors"):
            people = author_change(entry.people, bib_edits.people_of(match))
            changes.extend([people] if people is not None else [])
        elif name == "doi" and match.get("doi"):
            changes.append(Change(FixField.DOI, str(match["doi"])))
        elif name in _FIELDS and found:
            changes.append(Change(_FIELDS[name], found))
    return changes


def _insert_by_doi(
    session: Session, path: str, key: str, diagnostic: types.Diagnostic
) -> list[types.CodeAction]:
    found = _DOI_KEY.match(key)
    bibliographies = [p for p in session.workspace.uses(path) if p.endswith(".bib")]
    if found is None or not bibliographies:
        return []
    return [
        types.CodeAction(
            title=f"Insert the entry for DOI {found.group(1)} into {bibliographies[0]}",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic],
            command=types.Command(
                title="Insert entry by DOI",
                command=INSERT_COMMAND,
                arguments=[key, found.group(1), bibliographies[0]],
            ),
        )
    ]


def _bib_entry(session: Session, key: str) -> Reference | None:
    for reference in session.workspace.references(key):
        if reference.source_format == "bibtex":
            return reference
    return None


class _Editor:
    """Edits of one entry's file, in the client's encoding."""

    def __init__(self, session: Session, entry: Reference) -> None:
        self.entry = entry
        self.path = entry.location.path
        self.newline = bib_edits.newline_of(session.lines(self.path))
        self.range_of = session.range_of(self.path)

    def change(self, *changes: Change) -> types.TextEdit | None:
        return bib_edits.set_fields(self.entry, self.range_of, changes)

    def action(
        self,
        title: str,
        edits: list[types.TextEdit],
        diagnostic: types.Diagnostic,
        *,
        preferred: bool = False,
    ) -> types.CodeAction:
        return types.CodeAction(
            title=title,
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic],
            is_preferred=preferred or None,
            edit=types.WorkspaceEdit(changes={uri_of(self.path): edits}),
        )
