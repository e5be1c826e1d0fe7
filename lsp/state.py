"""Per-file state of the workspace: what each file reads as, which bibliographies it uses."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core import Citation, Code, Config, Finding, Read, Reference, Verdict
from cite_sentinel.core.check import Document
from cite_sentinel.core.discover import discover, is_excluded
from cite_sentinel.core.lint import lint
from cite_sentinel.core.sources import BIBLIOGRAPHY_SUFFIXES, MANUSCRIPT_SUFFIXES, read_text
from cite_sentinel.core.textfile import TextFileError, read_text_file
from cite_sentinel.lsp.bib_chunks import BibRead, BibReader, key_only
from cite_sentinel.lsp.bib_local import LocalRead, LocalReader
from cite_sentinel.lsp.bib_syntax import syntax_findings
from cite_sentinel.lsp.config import UNUSED_LIMIT
from cite_sentinel.lsp.key_index import KeyIndex

log = logging.getLogger(__name__)

ACCEPT_MARK = "cite-sentinel: accept"
_SCAN_LIMIT = 500  # manuscripts read from the workspace folder at start-up
_CROSS = (Code.UNDEFINED_KEY, Code.UNUSED_ENTRY, Code.DUPLICATE_KEY)
COLD_LIMIT = 200_000  # characters: a bibliography this large is first read off the event loop
TYPING_PAUSE = 0.3  # seconds without an edit before a large bibliography is read again in full


@dataclass(frozen=True, slots=True, kw_only=True)
class FileState:
    """One file as last read: its text, version, reading and file-local findings."""

    path: str
    text: str
    version: int | None
    read: Read
    findings: tuple[Finding, ...]
    keys: tuple[Reference, ...] = ()  # the references reduced to key and place, for lint
    marks: frozenset[int] = frozenset()  # lines holding an accept comment
    is_open: bool = False
    local: LocalRead | None = None  # a large bibliography's local reading (duplicates included)


@dataclass(frozen=True, slots=True)
class Staged:
    """A large bibliography's text waiting for its full reading (in a worker thread)."""

    text: str
    version: int | None
    is_open: bool


class Workspace:
    """The files the server knows, tying manuscripts to the bibliographies they cite from."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.files: dict[str, FileState] = {}
        self.folders: list[Path] = []  # the workspace folders scanned
        self._bib_readers: dict[str, BibReader] = {}
        self._local_readers: dict[str, LocalReader] = {}  # large bibliographies, per keystroke
        self.staged: dict[str, Staged] = {}  # read in a worker thread; syntax findings meanwhile
        self._indexes: dict[str, KeyIndex] = {}  # large bibliographies' keys, per version
        # each file's references by key, for the reading they were built from
        self._keyed: dict[
            str, tuple[tuple[Reference, ...], Mapping[str, tuple[Reference, ...]]]
        ] = {}

    def scan(self, root: Path) -> None:
        """Read the manuscripts under the workspace folder, and the bibliographies they name."""
        if root not in self.folders:
            self.folders.append(root)
        files, _ = discover([str(root)], self.config.exclude)
        manuscripts = [f for f in files if Path(f).suffix.lower() in MANUSCRIPT_SUFFIXES]
        for path in manuscripts[:_SCAN_LIMIT]:
            self.load(path)

    def update(self, path: str, text: str, version: int | None, *, is_open: bool = True) -> None:
        """Read a file's new text; bibliographies it names are loaded from disk if unknown."""
        path = _normal(path)
        if Path(path).suffix.lower() == ".bib":
            if len(text) > COLD_LIMIT or path in self._local_readers:
                local = self._local_readers.setdefault(path, LocalReader()).read(text, path)
                if local is not None:  # every local finding now; the references in a thread
                    self._stage(path, text, version, is_open, local)
                    return
                del self._local_readers[path]  # macros or inheritance: read whole
            reader = self._bib_readers.setdefault(path, BibReader())
            if path in self.staged or (len(text) > COLD_LIMIT and not reader.warm):
                self._stage(path, text, version, is_open)
                return
            self.commit(path, text, version, reader.read(text, path), is_open=is_open)
            return
        read = read_text(text, path)
        findings = tuple(lint([Document(path, read)], Config(unused_entries=False)))
        findings = tuple(f for f in findings if f.code not in _CROSS)
        keys = tuple(key_only(r) for r in read.references)
        self.commit(path, text, version, BibRead(read, findings, keys), is_open=is_open)

    def read_staged(self, path: str, staged: Staged) -> BibRead:
        """The full reading of a staged bibliography (runs in a worker thread, one per path).

        Where the local findings are complete already, a re-reading after an edit first waits
        for a pause in typing: it would only compete with the next keystroke for the GIL. A
        reading whose text was replaced meanwhile returns nothing (the caller reads again).
        """
        reader = self._bib_readers.setdefault(path, BibReader())
        if reader.warm and self.complete_at_once(path):
            time.sleep(TYPING_PAUSE)  # in the worker thread: the event loop goes on meanwhile
            if self.staged.get(path) is not staged:
                return BibRead(Read(), (), ())
        return reader.read(staged.text, path)

    def commit(
        self, path: str, text: str, version: int | None, reading: BibRead, *, is_open: bool
    ) -> None:
        """Keep a file's reading; bibliographies it names are loaded from disk if unknown."""
        previous = self.files.get(path)
        local = previous.local if previous is not None and previous.text == text else None
        self.files[path] = FileState(
            path=path,
            text=text,
            version=version,
            read=reading.read,
            findings=local.findings if local is not None else reading.findings,
            keys=reading.keys,
            marks=_marks(text),
            is_open=is_open,
            local=local,
        )
        for name in self.uses(path):
            self.load(name)

    def _stage(
        self,
        path: str,
        text: str,
        version: int | None,
        is_open: bool,
        local: LocalRead | None = None,
    ) -> None:
        self.staged[path] = Staged(text, version, is_open)
        previous = self.files.get(path)
        self.files[path] = FileState(
            path=path,
            text=text,
            version=version,
            read=previous.read if previous else Read(),
            findings=local.findings if local is not None else syntax_findings(text, path),
            keys=(),
            marks=_marks(text),
            is_open=is_open,
            local=local,
        )

    def fresh(self, path: str) -> LocalRead | None:
        """A large bibliography's keystroke reading while its full re-reading after an edit is
        pending: the entries' places as typed (the full reading's are those of the old text)."""
        path = _normal(path)
        state = self.files.get(path)
        reader = self._bib_readers.get(path)
        if state is None or state.local is None or path not in self.staged:
            return None
        return state.local if reader is not None and reader.warm else None

    def _fresh_references(self, path: str, local: LocalRead, key: str) -> list[Reference]:
        """A key's entries in a bibliography being re-read, where they are in the text as typed;
        an entry's fields as last read where the entry is unchanged, else read alone now."""
        reader = self._bib_readers[path]
        return [
            reference
            for piece, offset in local.holding(key)
            for reference in reader.entries(piece.text, piece.last, offset, path)
            if reference.key == key
        ]

    def complete_at_once(self, path: str) -> bool:
        """Whether a file's diagnostics were complete before its full reading ended."""
        state = self.files.get(_normal(path))
        return state is not None and state.local is not None

    def load(self, path: str) -> None:
        """Read a file from disk unless the server knows it already."""
        path = _normal(path)
        if path in self.files:
            return
        try:
            text = read_text_file(Path(path))
        except TextFileError as error:
            log.info("cannot read %s: %s", path, error)
            return
        self.update(path, text, None, is_open=False)

    def close(self, path: str) -> None:
        """A closed buffer falls back to the file on disk."""
        path = _normal(path)
        self.files.pop(path, None)
        if self._in_folders(path):
            self.load(path)  # a manuscript of the workspace: its citations still count
            return
        if not any(path in self.uses(other) for other in self.files):
            self._forget(path)
            return  # nothing cites from it: forgotten
        self.load(path)  # the entries already read are reused

    def remove_folder(self, root: Path) -> None:
        """A folder left the workspace: what only it brought in is forgotten, as if it had never
        been added; open buffers, the other folders' manuscripts and what they cite stay."""
        if root in self.folders:
            self.folders.remove(root)
        needed: set[str] = set()
        kept = [p for p, state in self.files.items() if state.is_open or self._in_folders(p)]
        while kept:
            path = kept.pop()
            if path not in needed:
                needed.add(path)
                kept.extend(p for p in self.uses(path) if p in self.files)
        for path in set(self.files) - needed:
            self._forget(path)

    def _forget(self, path: str) -> None:
        """Drop everything kept for a file (its reading, readers and indexes)."""
        self.files.pop(path, None)
        self.staged.pop(path, None)
        self._bib_readers.pop(path, None)
        self._local_readers.pop(path, None)
        self._indexes.pop(path, None)
        self._keyed.pop(path, None)

    def _in_folders(self, path: str) -> bool:
        """A manuscript the folder scan reads (the buffer of one closes onto its file)."""
        return (
            Path(path).suffix.lower() in MANUSCRIPT_SUFFIXES
            and any(Path(path).is_relative_to(folder) for folder in self.folders)
            and not is_excluded(path, self.config.exclude)
        )

    def uses(self, path: str) -> tuple[str, ...]:
        """The bibliographies a file cites from: those it names, configured, or beside it."""
        state = self.files.get(_normal(path))
        if state is None:
            return ()
        named = [_bibliography_path(state.path, link.name) for link in state.read.bibliographies]
        named += [_normal(p) for p in self.config.bibliography]
        if not named and state.read.citations:
            folder = Path(state.path).parent
            named = [
                other
                for other in self.files
                if Path(other).suffix.lower() in BIBLIOGRAPHY_SUFFIXES
                and Path(other).parent == folder
            ]
        return tuple(dict.fromkeys(named))

    def local_findings(self) -> dict[str, list[Finding]]:
        """Every no-network finding by path: each file's own, then across files."""
        by_path: dict[str, list[Finding]] = {
            path: list(s.findings) for path, s in self.files.items()
        }
        for finding in self._cross_findings():
            by_path.setdefault(finding.location.path, []).append(finding)
        return by_path

    def references(self, key: str | None = None) -> list[Reference]:
        """References of every known file (of one key when given)."""
        if key is not None:
            return self.references_of((key,))
        return [ref for state in self.files.values() for ref in state.read.references]

    def references_of(self, keys: Iterable[str]) -> list[Reference]:
        """References of these keys in every known file, file by file, in each file's order."""
        wanted = tuple(dict.fromkeys(keys))
        found: list[Reference] = []
        for state in self.files.values():
            local = self.fresh(state.path)
            if local is not None:
                fresh = [
                    r for key in wanted for r in self._fresh_references(state.path, local, key)
                ]
                found += sorted(fresh, key=lambda r: (r.location.line, r.location.column))
                continue
            by_key = self._by_key(state)
            if len(wanted) == 1:
                found += by_key.get(wanted[0], ())
            else:
                found += sorted(
                    (ref for key in wanted for ref in by_key.get(key, ())),
                    key=lambda ref: (ref.location.line, ref.location.column),
                )
        return found

    def citations(self, key: str | None = None) -> list[Citation]:
        """Citations of every known file (of one key when given)."""
        return [
            cit
            for state in self.files.values()
            for cit in state.read.citations
            if key is None or cit.key == key
        ]

    def visible_references(self, path: str) -> list[Reference]:
        """The entries a file may cite: its bibliographies' and its own."""
        paths = [_normal(path), *self.uses(path)]
        return [ref for p in paths if p in self.files for ref in self.files[p].read.references]

    def accepted(self, key: str, accept: Iterable[str]) -> bool:
        """Whether the author vouches for a key: an allow-list or a comment above its entry."""
        vouched = set(accept)
        if key in vouched:
            return True
        for reference in self.references(key):
            if reference.identifiers.doi and reference.identifiers.doi.lower() in vouched:
                return True
            state = self.files.get(reference.location.path)
            if state and reference.location.line - 1 in state.marks:
                return True
        return False

    def verdict_targets(
        self, verdicts: Sequence[Verdict]
    ) -> tuple[list[Reference], list[Citation]]:
        """The references and citations the verdicts' findings sit on."""
        keys = {v.key for v in verdicts}
        if not keys:
            return [], []
        return (
            self.references_of(keys),
            [c for c in self.citations() if c.key in keys],
        )

    def _cross_findings(self) -> list[Finding]:
        """Duplicate, undefined and unused keys, with bibliographies reduced to their keys."""
        documents: list[Document] = []
        big: set[str] = set()
        waiting: set[str] = set()  # files citing from a bibliography still being read
        local: set[str] = set()  # large bibliographies: their duplicates are found already
        cited: dict[str, set[str]] = {}  # bibliography: the keys cited from it
        for path, state in self.files.items():
            for used in self.uses(path) if state.read.citations else ():
                cited.setdefault(used, set()).update(c.key for c in state.read.citations)
        found: list[Finding] = []
        for path, state in self.files.items():
            keys = state.keys
            if state.local is not None:
                if path not in cited:
                    continue  # its keys matter only to the files citing from it
                keys = state.local.keys()
                local.add(path)
            elif path in self.staged:
                continue
            if self.staged and any(
                p in self.staged and not self.complete_at_once(p) for p in self.uses(path)
            ):
                waiting.add(path)
            if len(keys) > UNUSED_LIMIT:
                big.add(path)
                if not state.read.citations:  # a bibliography: no unused-entry hints, so
                    index = self._index(path, keys)  # only what is cited matters, and
                    keys = index.cited(cited.get(path, ()))  # duplicates of this version
                    found += () if path in local else index.duplicates()
            read = Read(references=keys, citations=state.read.citations)
            documents.append(
                Document(path, read, tuple(p for p in self.uses(path) if p in self.files))
            )
        found += lint(documents, self.config)
        return [
            f
            for f in found
            if f.code in _CROSS
            and not (f.code == Code.UNUSED_ENTRY and f.location.path in big)
            and not (f.code == Code.DUPLICATE_KEY and f.location.path in local)
            and not (f.code == Code.UNDEFINED_KEY and f.location.path in waiting)
        ]

    def _by_key(self, state: FileState) -> Mapping[str, tuple[Reference, ...]]:
        """A file's references by key, built once per reading (a large bibliography's are many)."""
        references = state.read.references
        cached = self._keyed.get(state.path)
        if cached is not None and cached[0] is references:
            return cached[1]
        by_key: dict[str, tuple[Reference, ...]] = {}
        for reference in references:
            by_key[reference.key] = (*by_key.get(reference.key, ()), reference)
        if len(self._keyed) > len(self.files):
            for gone in set(self._keyed) - set(self.files):
                del self._keyed[gone]
        self._keyed[state.path] = (references, by_key)
        return by_key

    def _index(self, path: str, keys: tuple[Reference, ...]) -> KeyIndex:
        """The index of this version of a large bibliography's keys (built once per version)."""
        index = self._indexes.get(path)
        if index is None or index.keys is not keys:
            for gone in set(self._indexes) - set(self.files):
                del self._indexes[gone]
            index = self._indexes[path] = KeyIndex(keys)
        return index


def _marks(text: str) -> frozenset[int]:
    if ACCEPT_MARK not in text:
        return frozenset()
    return frozenset(n for n, line in enumerate(text.splitlines(), 1) if ACCEPT_MARK in line)


def _bibliography_path(path: str, name: str) -> str:
    candidate = Path(path).parent / name
    if not candidate.suffix and not candidate.exists():
        candidate = candidate.with_suffix(".bib")  # \bibliography{refs} means refs.bib
    return _normal(str(candidate))


def _normal(path: str) -> str:
    """One name per file: `second/../first/refs.bib` is `first/refs.bib` (symlinks are kept,
    as the editor names them)."""
    return os.path.normpath(path)
