"""The files of a check or an editor session, each read once, tied to the bibliographies it uses.

One model for every face: `check` fills a workspace from its inputs and asks it once; the
language server keeps one, changes it as the client edits, opens and closes files, and asks it
after each change. A live workspace (the server's) reads a .bib in pieces, so an edit re-reads
only the entries it touched; a large one's entries in full follow later (`pending`, `commit`),
read by `complete_pending` wherever the face likes, a worker thread included.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from cite_sentinel.core.config import Config
from cite_sentinel.core.findings import Code
from cite_sentinel.core.internal_errors import internal_error
from cite_sentinel.core.model import Citation, Location, Read, Reference
from cite_sentinel.core.sources import (
    BIBLIOGRAPHY_SUFFIXES,
    BINARY_SUFFIXES,
    MANUSCRIPT_SUFFIXES,
    BinaryReader,
    binary_reader_for,
)
from cite_sentinel.core.sources.bibtex_incremental import (
    BibSnapshot,
    Entries,
    complete,
    fresh_references,
)
from cite_sentinel.core.sources.long_sentences import windowed
from cite_sentinel.core.workspace.discover import discover, is_excluded
from cite_sentinel.core.workspace.document import Document, Origin
from cite_sentinel.core.workspace.files import DISK, FileAccess
from cite_sentinel.core.workspace.key_index import KeyIndex
from cite_sentinel.core.workspace.local_checks import ENTRY_CHECKS, own_findings
from cite_sentinel.core.workspace.paths import bibliography_path, normal
from cite_sentinel.core.workspace.reading import is_foreign_data, read_document, readable
from cite_sentinel.core.workspace.textfile import TextFileError

log = logging.getLogger(__name__)

SCAN_LIMIT = 500  # manuscripts read from one workspace folder
UNKNOWN_FORMAT = (
    "neither its name nor its first lines say which format it is in; give it a suffix "
    "cite-sentinel reads (.bib, .json, .yaml, .md, .tex, .typ, or .txt for a list of references)"
)


@dataclass(frozen=True, slots=True)
class Pending:
    """A large .bib's entries in full, still to be read: what to read, what to reuse."""

    path: str
    snapshot: BibSnapshot
    previous: Entries | None
    pause: bool  # its local findings are complete already: the reading may wait for a pause


def complete_pending(job: Pending) -> Entries:
    """A pending .bib's entries in full; reads only the job's immutable snapshots, so any
    thread may run it while the workspace takes new edits."""
    return complete(job.snapshot, job.previous, ENTRY_CHECKS)


class Workspace:
    """The documents, the links between them, the configuration; one event loop changes it."""

    def __init__(
        self,
        config: Config | None = None,
        *,
        live: bool = False,
        unused_limit: int | None = None,
        files: FileAccess = DISK,
    ) -> None:
        self.config = config or Config()
        self.files = files  # how files are read: the disk, or only granted folders
        self.live = live  # an editor's workspace: .bib files in pieces, large ones later
        self.unused_limit = unused_limit  # above this many entries, no unused-entry hints
        self.folders: list[Path] = []  # the folders scanned for manuscripts
        self.unreadable: dict[str, str] = {}  # path: why it could not be read, in order met
        self._documents: dict[str, Document] = {}
        self._walked: set[str] = set()  # paths named as inputs: read even when excluded
        self._overlays: dict[str, str] = {}  # unsaved text read instead of the disk
        self._by_key: dict[str, tuple[tuple[Reference, ...], dict[str, tuple[Reference, ...]]]] = {}
        self._indexes: dict[str, KeyIndex] = {}  # large bibliographies' keys, per version
        # each document's bibliographies, per reading, configuration and set of documents
        self._uses: dict[str, tuple[Read, Config, int, tuple[str, ...]]] = {}
        self._generation = 0  # counts the changes to which documents there are

    @property
    def documents(self) -> Mapping[str, Document]:
        """Every document by its normalised path, in the order first read."""
        return self._documents

    def document(self, path: str) -> Document | None:
        return self._documents.get(normal(path))

    # --- what is read ----------------------------------------------------------------------

    def fill(
        self,
        inputs: Sequence[str],
        *,
        overlays: Mapping[str, str] | None = None,
        given: Mapping[str, Read] | None = None,
    ) -> list[str]:
        """Read the inputs (folders walked) and every bibliography they name, as `check` does;
        `given` are documents a face read itself. The inputs that do not exist are returned."""
        self._overlays.update({normal(path): text for path, text in (overlays or {}).items()})
        files, missing = discover(inputs, self.config.exclude)
        files.extend(path for path in overlays or () if path not in files and path in inputs)
        self._walked.update(normal(path) for path in inputs)
        queue = [*files, *(bib for bib in self.config.bibliography if bib not in files)]
        for name, given_read in (given or {}).items():
            path = normal(name)
            read = windowed(given_read)
            self._put(
                Document(
                    path=path, text="", origin=Origin.GIVEN, read=read,
                    findings=tuple(own_findings(read)),
                )
            )  # fmt: skip
            queue.extend(self.uses(path))
        self._load_all(queue)
        for name in missing:
            self.unreadable[name] = "no such file or folder; check the path"
        return missing

    def scan(self, root: Path) -> None:
        """Read the manuscripts under a workspace folder, and the bibliographies they name."""
        if root not in self.folders:
            self.folders.append(root)
        files, _ = discover([str(root)], self.config.exclude)
        manuscripts = [f for f in files if Path(f).suffix.lower() in MANUSCRIPT_SUFFIXES]
        self._load_all(manuscripts[:SCAN_LIMIT])

    def update(
        self, path: str, text: str, *, version: int | None = None, origin: Origin = Origin.OPENED
    ) -> Document:
        """A file's new text (an editor's buffer, or the disk's after a change), read again
        where it changed; the bibliographies it names are read if unknown."""
        path = normal(path)
        previous = self._documents.get(path)
        document = _read_guarded(
            path, text, previous, live=self.live, origin=origin, version=version
        )
        self._put(document)
        self._load_all(self.uses(path))
        return document

    def load(self, path: str) -> None:
        """Read a file from disk unless the workspace knows it already."""
        self._load_all([path])

    def close(self, path: str) -> None:
        """A closed buffer falls back to the file on disk, or is forgotten when nothing needs it."""
        path = normal(path)
        closed = self._documents.pop(path, None)
        self._generation += 1
        if self._in_folders(path) or any(path in self.uses(other) for other in self._documents):
            self._load_all([path], previous=closed)  # pieces and entries already read are reused
            return
        self._forget(path)

    def remove_folder(self, root: Path) -> None:
        """A folder left the workspace: what only it brought in is forgotten; open buffers, the
        other folders' manuscripts and what they cite stay."""
        if root in self.folders:
            self.folders.remove(root)
        needed: set[str] = set()
        kept = [p for p, doc in self._documents.items() if doc.is_open or self._in_folders(p)]
        while kept:
            path = kept.pop()
            if path not in needed:
                needed.add(path)
                kept.extend(p for p in self.uses(path) if p in self._documents)
        for path in set(self._documents) - needed:
            self._forget(path)

    def pending(self) -> list[Pending]:
        """The large .bib files whose entries in full are behind their text."""
        return [
            Pending(path, doc.bib, doc.entries, doc.entries is not None and not doc.bib.crossing)
            for path, doc in self._documents.items()
            if doc.bib is not None and not doc.current
        ]

    def commit(self, entries: Entries) -> bool:
        """Keep a completion's entries (those of an older text too: the next completion reuses
        them); whether the file's reading is now current."""
        path = entries.snapshot.path
        document = self._documents.get(path)
        if document is None or document.bib is None or document.current:
            return False
        current = entries.snapshot is document.bib
        findings = entries.read.findings if current and document.bib.crossing else document.findings
        self._put(replace(document, read=entries.read, entries=entries, findings=findings))
        return current

    # --- what the documents say -------------------------------------------------------------

    def uses(self, path: str) -> tuple[str, ...]:
        """The bibliographies a file cites from: those it names or the configuration names,
        else, when it cites, those beside it."""
        document = self._documents.get(normal(path))
        if document is None or Path(document.path).suffix.lower() in BINARY_SUFFIXES:
            return ()  # a PDF's references are its own list, never a .bib beside it
        cached = self._uses.get(document.path)
        if (
            cached is not None
            and cached[0] is document.read
            and cached[1] is self.config
            and cached[2] == self._generation
        ):
            return cached[3]  # asked once per citation: a file of thousands of both stays linear
        used = self._bibliographies_of(document)
        self._uses[document.path] = (document.read, self.config, self._generation, used)
        return used

    def _bibliographies_of(self, document: Document) -> tuple[str, ...]:
        read = document.read
        named = [bibliography_path(document.path, link.name) for link in read.bibliographies]
        named += [normal(p) for p in self.config.bibliography]
        if not named and read.citations:
            folder = Path(document.path).parent
            named = [
                other
                for other in self._documents
                if Path(other).suffix.lower() in BIBLIOGRAPHY_SUFFIXES
                and Path(other).parent == folder
            ]
        return tuple(dict.fromkeys(named))

    def references(self, key: str | None = None) -> list[Reference]:
        """The references of every document (of one key when given)."""
        if key is not None:
            return self.references_of((key,))
        return [ref for doc in self._documents.values() for ref in doc.read.references]

    def references_of(self, keys: Iterable[str]) -> list[Reference]:
        """The references of these keys, file by file, in each file's order; where a large
        .bib's entries lag behind its text, where they are in the text as typed."""
        wanted = tuple(dict.fromkeys(keys))
        found: list[Reference] = []
        for document in self._documents.values():
            if document.bib is not None and not document.current and not document.bib.crossing:
                fresh = [
                    ref
                    for key in wanted
                    for ref in fresh_references(document.bib, document.entries, key)
                ]
                found += sorted(fresh, key=lambda ref: (ref.location.line, ref.location.column))
                continue
            by_key = self.by_key(document)
            if len(wanted) == 1:
                found += by_key.get(wanted[0], ())
            else:
                found += sorted(
                    (ref for key in wanted for ref in by_key.get(key, ())),
                    key=lambda ref: (ref.location.line, ref.location.column),
                )
        return found

    def citations(self, key: str | None = None) -> list[Citation]:
        """The citations of every document (of one key when given)."""
        return [
            citation
            for doc in self._documents.values()
            for citation in doc.read.citations
            if key is None or citation.key == key
        ]

    def visible_references(self, path: str) -> list[Reference]:
        """The entries a file may cite: its bibliographies' and its own."""
        documents = self._documents
        paths = [normal(path), *self.uses(path)]
        return [ref for p in paths if p in documents for ref in documents[p].read.references]

    def target(self, path: str, key: str) -> Reference | None:
        """The reference a citation of `key` in a file resolves to: the first of its
        bibliographies' (in the order named), else its own."""
        documents = self._documents
        for used in (*self.uses(path), normal(path)):
            document = documents.get(used)
            found = self.by_key(document).get(key) if document is not None else None
            if found:
                return found[0]
        return None

    def entry_at(self, path: str, line: int, column: int) -> Reference | None:
        """The entry whose key holds a point of a file (1-based), where the text now has it."""
        document = self._documents.get(normal(path))
        if document is None:
            return None
        if document.bib is not None and not document.bib.crossing:
            return document.bib.at(line, column)
        for reference in document.read.references:
            where = reference.key_location
            if where is not None and _holds(where, line, column):
                return reference
        return None

    def keys_known(self, document: Document) -> bool:
        """Whether a document's keys are known for its text (not a .bib that reads only whole,
        waiting for that reading)."""
        return document.bib is None or not document.bib.crossing or document.current

    def keys(self, document: Document) -> tuple[Reference, ...]:
        """A document's entries, at least by key and place, for the lint across files."""
        if document.bib is not None and not document.bib.crossing:
            return document.bib.key_references()
        return document.read.references

    def by_key(self, document: Document) -> Mapping[str, tuple[Reference, ...]]:
        """A document's references by key, built once per reading."""
        references = document.read.references
        cached = self._by_key.get(document.path)
        if cached is not None and cached[0] is references:
            return cached[1]
        by_key: dict[str, tuple[Reference, ...]] = {}
        for reference in references:
            by_key[reference.key] = (*by_key.get(reference.key, ()), reference)
        self._by_key[document.path] = (references, by_key)
        return by_key

    def key_index(self, path: str, keys: tuple[Reference, ...]) -> KeyIndex:
        """The index of this version of a large bibliography's keys (built once per version)."""
        index = self._indexes.get(path)
        if index is None or index.keys is not keys:
            index = self._indexes[path] = KeyIndex(keys)
        return index

    # --- reading ----------------------------------------------------------------------------

    def _load_all(self, queue: Iterable[str], previous: Document | None = None) -> None:
        """Read each queued file unless known (or excluded and not named as an input), then
        the bibliographies it names, breadth first."""
        queue = list(queue)
        while queue:
            path = normal(queue.pop(0))
            if path in self._documents or (
                path not in self._walked and is_excluded(path, self.config.exclude)
            ):
                continue
            text = self._overlays.get(path)
            refused = None if text is not None else self.files.refusal(path)
            if refused is not None:
                self.unreadable[path] = refused
                continue
            binary = None if text is not None else binary_reader_for(path)
            if binary is not None:
                self._load_binary(path, binary)
                continue
            try:
                text = self.files.read_text(path) if text is None else text
            except TextFileError as error:
                self.unreadable[path] = str(error)
                log.info("cannot read %s: %s", path, error)
                continue
            if path not in self._walked and is_foreign_data(path, text):
                continue  # a folder's package.json or CI YAML is no bibliography
            if not readable(path, text, live=self.live):
                self.unreadable[path] = UNKNOWN_FORMAT
                continue
            kept = previous if previous is not None and previous.path == path else None
            self._put(_read_guarded(path, text, kept, live=self.live))
            queue.extend(self.uses(path))

    def _load_binary(self, path: str, reader: BinaryReader) -> None:
        """A PDF, read from the file itself; one found in a folder that cites nothing (a
        figure) is left out, and one that cannot be read at all is unreadable."""
        try:
            read = windowed(reader(Path(path)))
        except Exception as error:  # a bad file costs its own findings, never the run
            read = Read(findings=(internal_error(path, "reading", error),))
        if path not in self._walked and not (read.references or read.citations):
            return
        for finding in read.findings:
            if finding.code == Code.UNREADABLE_FILE:
                self.unreadable[path] = finding.message.removeprefix(f"cannot read {path}: ")
                return
        self._put(Document(path=path, text="", origin=Origin.DISK, read=read,
                           findings=read.findings))  # fmt: skip

    def _put(self, document: Document) -> None:
        self._generation += document.path not in self._documents
        self._documents[document.path] = document
        self.unreadable.pop(document.path, None)

    def _forget(self, path: str) -> None:
        self._generation += 1
        self._documents.pop(path, None)
        self._uses.pop(path, None)
        self._by_key.pop(path, None)
        self._indexes.pop(path, None)

    def _in_folders(self, path: str) -> bool:
        """A manuscript the folder scan reads (the buffer of one closes onto its file)."""
        return (
            Path(path).suffix.lower() in MANUSCRIPT_SUFFIXES
            and any(Path(path).is_relative_to(folder) for folder in self.folders)
            and not is_excluded(path, self.config.exclude)
        )


def _read_guarded(
    path: str,
    text: str,
    previous: Document | None,
    *,
    live: bool,
    origin: Origin = Origin.DISK,
    version: int | None = None,
) -> Document:
    """A file's document; a bug met while reading it is a finding on it, the run goes on."""
    try:
        return read_document(path, text, origin, version, previous, live=live)
    except Exception as error:  # a bad file costs its own findings, never the run
        finding = internal_error(path, "reading", error)
        return Document(path=path, text=text, origin=origin, version=version, findings=(finding,))


def _holds(where: Location, line: int, column: int) -> bool:
    """Whether a point lies in a span (its end included, where a cursor may rest)."""
    return (where.line, where.column) <= (line, column) <= (where.end_line, where.end_column)
