"""Per-file state of the workspace: what each file reads as, which bibliographies it uses."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core import Citation, Code, Config, Finding, Read, Reference, Verdict
from cite_sentinel.core.check import Document
from cite_sentinel.core.discover import discover
from cite_sentinel.core.lint import lint
from cite_sentinel.core.sources import BIBLIOGRAPHY_SUFFIXES, MANUSCRIPT_SUFFIXES, read_text
from cite_sentinel.core.textfile import TextFileError, read_text_file
from cite_sentinel.lsp.bib_chunks import BibRead, BibReader, key_only
from cite_sentinel.lsp.bib_local import LocalRead, LocalReader
from cite_sentinel.lsp.bib_syntax import syntax_findings
from cite_sentinel.lsp.config import UNUSED_LIMIT

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
        self._bib_readers: dict[str, BibReader] = {}
        self._local_readers: dict[str, LocalReader] = {}  # large bibliographies, per keystroke
        self.staged: dict[str, Staged] = {}  # read in a worker thread; syntax findings meanwhile

    def scan(self, root: Path) -> None:
        """Read the manuscripts under the workspace folder, and the bibliographies they name."""
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
        if not any(path in self.uses(other) for other in self.files):
            self.staged.pop(path, None)
            self._bib_readers.pop(path, None)
            self._local_readers.pop(path, None)
            return  # nothing cites from it: forgotten
        self.load(path)  # the entries already read are reused

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
        return [
            ref
            for state in self.files.values()
            for ref in state.read.references
            if key is None or ref.key == key
        ]

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
        return (
            [r for r in self.references() if r.key in keys],
            [c for c in self.citations() if c.key in keys],
        )

    def _cross_findings(self) -> list[Finding]:
        """Duplicate, undefined and unused keys, with bibliographies reduced to their keys."""
        documents: list[Document] = []
        big: set[str] = set()
        waiting: set[str] = set()  # files citing from a bibliography still being read
        local: set[str] = set()  # large bibliographies: their duplicates are found already
        used = {p for path, s in self.files.items() if s.read.citations for p in self.uses(path)}
        for path, state in self.files.items():
            keys = state.keys
            if state.local is not None:
                if path not in used:
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
            read = Read(references=keys, citations=state.read.citations)
            documents.append(
                Document(path, read, tuple(p for p in self.uses(path) if p in self.files))
            )
        found = lint(documents, self.config)
        return [
            f
            for f in found
            if f.code in _CROSS
            and not (f.code == Code.UNUSED_ENTRY and f.location.path in big)
            and not (f.code == Code.DUPLICATE_KEY and f.location.path in local)
            and not (f.code == Code.UNDEFINED_KEY and f.location.path in waiting)
        ]


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
    return str(Path(path))
