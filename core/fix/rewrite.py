"""Turn a bibliography's text and its planned fixes into the new text, and prove it still reads."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import PurePath

from cite_sentinel.core.errors import InputError, InternalError
from cite_sentinel.core.fix.bibedit import edit_bibtex
from cite_sentinel.core.fix.changes import EntryFix
from cite_sentinel.core.fix.csledit import edit_csl_json
from cite_sentinel.core.fix.json_spans import JsonLayoutError
from cite_sentinel.core.sources import read_text

FIXABLE_SUFFIXES = (".bib", ".json")


def rewrite(text: str, path: str, fixes: Sequence[EntryFix]) -> str:
    """The bibliography with `fixes` applied; every byte they do not touch stays as read.

    Raises InputError for a file `fix` cannot edit, InternalError if the result would no
    longer read as the same entries (a bug: nothing is written then).
    """
    suffix = PurePath(path).suffix.lower()
    if suffix == ".bib":
        new = edit_bibtex(text, fixes)
    elif suffix == ".json":
        try:
            new = edit_csl_json(text, fixes)
        except JsonLayoutError as error:
            raise InputError(f"{path}:1:1: error: {error}; fix it by hand") from error
    else:
        raise InputError(
            f"{path}: fix edits BibTeX (.bib) and CSL-JSON (.json) files; "
            "convert this one or edit it by hand"
        )
    if new != text:
        _same_entries(text, new, path)
    return new


def rewrite_entry(raw: str, fix: EntryFix) -> str:
    """One BibTeX entry's text (as a reader keeps it) with `fix` applied, as `rewrite` does."""
    return rewrite(raw, "entry.bib", [fix])


def unified_diff(old: str, new: str, path: str) -> str:
    """The change as `diff -u` shows it, "" when there is none."""
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=path if PurePath(path).is_absolute() else f"a/{path}",
        tofile=path if PurePath(path).is_absolute() else f"b/{path}",
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )


def _same_entries(old: str, new: str, path: str) -> None:
    before = read_text(old, path)
    after = read_text(new, path)
    keys_before = [reference.key for reference in before.references]
    keys_after = [reference.key for reference in after.references]
    if keys_before != keys_after or len(after.findings) > len(before.findings):
        raise InternalError(f"fixing {path} would change which entries it holds; nothing written")
