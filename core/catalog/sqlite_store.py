"""The catalog in one SQLite file: works with their identifiers, FTS5 over titles and names.

One writer at a time (an import holds the write lock a batch at a time); any number of
readers, in WAL mode. Schema versions live in `PRAGMA user_version`; a newer cite-sentinel
migrates an older file forward, an older one refuses a newer file with a message.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

from cite_sentinel.core.catalog import record_codec
from cite_sentinel.core.catalog.rows import (
    Found,
    Query,
    distinct,
    identifier_query,
    indexed_text,
    rank_by_title,
    same_title,
    search_tokens,
    stored_row,
    title_hash,
    word_groups,
)
from cite_sentinel.core.catalog.runs import (
    Checkpoint,
    DumpEntry,
    ImportRun,
    ImportState,
    Scope,
    WorkRow,
)
from cite_sentinel.core.errors import InputError
from cite_sentinel.core.matching.titles import normalise
from cite_sentinel.core.model import Record

SEARCH_LIMIT = 5
_CANDIDATES = 20  # titles each full-text query offers for ranking by similarity
_RAREST = 4  # a title's rarest words that titles found must share (all, or all but one)
_RARE_BUDGET = 300  # the most titles the rarest words of a title may hold together

_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: works, imports and their checkpoints, full-text search
        """CREATE TABLE imports(
            id INTEGER PRIMARY KEY, format TEXT NOT NULL, inputs TEXT NOT NULL,
            snapshot TEXT NOT NULL DEFAULT '', snapshot_fixed INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL, works INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,
            started TEXT NOT NULL, finished TEXT NOT NULL DEFAULT '',
            complete INTEGER NOT NULL DEFAULT 0, error TEXT NOT NULL DEFAULT '')""",
        """CREATE TABLE checkpoints(
            import_id INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
            path TEXT NOT NULL, position INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY(import_id, path)) WITHOUT ROWID""",
        """CREATE TABLE works(
            id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, import_id INTEGER NOT NULL,
            doi TEXT, arxiv TEXT, pmid TEXT, title_hash INTEGER NOT NULL, record TEXT NOT NULL)""",
        "CREATE INDEX works_doi ON works(doi) WHERE doi IS NOT NULL",
        "CREATE INDEX works_arxiv ON works(arxiv) WHERE arxiv IS NOT NULL",
        "CREATE INDEX works_pmid ON works(pmid) WHERE pmid IS NOT NULL",
        "CREATE INDEX works_title ON works(title_hash)",
        "CREATE INDEX works_import ON works(import_id)",
        """CREATE VIRTUAL TABLE works_fts USING fts5(
            title, names, content='', tokenize='unicode61 remove_diacritics 2')""",
    ),
    (  # 2: the venues a complete import covers
        """CREATE TABLE scopes(
            import_id INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
            venue TEXT NOT NULL, PRIMARY KEY(import_id, venue)) WITHOUT ROWID""",
    ),
)
SCHEMA_VERSION = len(_MIGRATIONS)
_RUN_COLUMNS = (
    "id, format, inputs, snapshot, state, works, skipped, deleted, started, finished, "
    "complete, error"
)


class SqliteCatalog:
    """A catalog file; opened read-only for look-ups, read-write for imports and drops."""

    def __init__(self, path: Path, *, readonly: bool = False, migrate_to: int = SCHEMA_VERSION):
        self.path = path
        self.location = str(path)
        if readonly:
            uri = f"{path.resolve().as_uri()}?mode=ro"
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._vocabulary = False
        self._counts: dict[str, int] = {}  # documents a word occurs in (reset by writes)
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=30000")
        self._migrate(migrate_to, readonly=readonly)

    # --- imports ------------------------------------------------------------------------------

    def begin(
        self, format: str, inputs: Sequence[str], *, complete: bool = False, snapshot: str = ""
    ) -> ImportRun:
        """A new import, running."""
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO imports(format, inputs, snapshot, snapshot_fixed, state, started,"
                " complete) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    format,
                    json.dumps(list(inputs)),
                    snapshot,
                    int(bool(snapshot)),
                    ImportState.RUNNING,
                    _now(),
                    int(complete),
                ),
            )
        return self.run(int(cursor.lastrowid or 0))

    def unfinished(self, format: str, inputs: Sequence[str]) -> ImportRun | None:
        """The latest import of these inputs in this format that did not finish, to resume."""
        row = self._db.execute(
            f"SELECT {_RUN_COLUMNS} FROM imports WHERE format = ? AND inputs = ? AND state != ?"
            " ORDER BY id DESC LIMIT 1",
            (format, json.dumps(list(inputs)), ImportState.COMPLETE),
        ).fetchone()
        return None if row is None else self._run(row)

    def resume(self, run: ImportRun) -> ImportRun:
        with self._db:
            self._db.execute(
                "UPDATE imports SET state = ?, error = '' WHERE id = ?",
                (ImportState.RUNNING, run.id),
            )
        return self.run(run.id)

    def checkpoints(self, import_id: int) -> dict[str, Checkpoint]:
        rows = self._db.execute(
            "SELECT path, position, finished FROM checkpoints WHERE import_id = ?", (import_id,)
        )
        return {path: Checkpoint(path, position, bool(done)) for path, position, done in rows}

    def write(
        self,
        import_id: int,
        path: str,
        entries: Sequence[DumpEntry],
        *,
        position: int,
        finished: bool = False,
        venues: Iterable[str] = (),
    ) -> None:
        """Store a batch and the checkpoint after it in one transaction: all or nothing."""
        latest = {e.key: e for e in entries if e.record is not None or e.row is not None}
        rows = [stored_row(entry) for entry in latest.values()]
        gone = [e.key for e in entries if e.deleted]
        skipped = sum(1 for e in entries if e.skipped)
        newest = max((e.updated[:10] for e in entries if e.updated), default="")
        self._counts.clear()
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            replaced = self._remove([row.key for row in rows])
            withdrawn = self._remove(gone)
            self._insert(import_id, rows)
            for owner in replaced.keys() | withdrawn.keys():
                lost = replaced.get(owner, 0) + withdrawn.get(owner, 0)
                self._db.execute("UPDATE imports SET works = works - ? WHERE id = ?", (lost, owner))
            self._db.execute(
                "UPDATE imports SET works = works + ?, skipped = skipped + ?,"
                " deleted = deleted + ?,"
                " snapshot = CASE WHEN snapshot_fixed = 1 OR snapshot >= ? THEN snapshot ELSE ? END"
                " WHERE id = ?",
                (len(rows), skipped, sum(withdrawn.values()), newest, newest, import_id),
            )
            self._db.execute(
                "INSERT INTO checkpoints(import_id, path, position, finished) VALUES (?, ?, ?, ?)"
                " ON CONFLICT(import_id, path) DO UPDATE SET position = excluded.position,"
                " finished = excluded.finished",
                (import_id, path, position, int(finished)),
            )
            if venues:
                self._db.executemany(
                    "INSERT OR IGNORE INTO scopes(import_id, venue) VALUES (?, ?)",
                    ((import_id, venue) for venue in venues),
                )

    def finish(self, import_id: int) -> ImportRun:
        with self._db:
            self._db.execute(
                "UPDATE imports SET state = ?, finished = ?, error = '',"
                " snapshot = CASE WHEN snapshot = '' THEN ? ELSE snapshot END WHERE id = ?",
                (ImportState.COMPLETE, _now(), _now()[:10], import_id),
            )
        return self.run(import_id)

    def fail(self, import_id: int, error: str) -> ImportRun:
        with self._db:
            self._db.execute(
                "UPDATE imports SET state = ?, error = ? WHERE id = ?",
                (ImportState.FAILED, error, import_id),
            )
        return self.run(import_id)

    def run(self, import_id: int) -> ImportRun:
        row = self._db.execute(
            f"SELECT {_RUN_COLUMNS} FROM imports WHERE id = ?", (import_id,)
        ).fetchone()
        if row is None:
            raise InputError(f"{self.location}: the catalog holds no import {import_id}")
        return self._run(row)

    def runs(self) -> tuple[ImportRun, ...]:
        rows = self._db.execute(f"SELECT {_RUN_COLUMNS} FROM imports ORDER BY id").fetchall()
        return tuple(self._run(row) for row in rows)

    def drop(self, import_ids: Sequence[int]) -> int:
        """Remove these imports and every work they hold; the number of works removed."""
        removed = 0
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            for import_id in import_ids:
                keys = [
                    k
                    for (k,) in self._db.execute(
                        "SELECT key FROM works WHERE import_id = ?", (import_id,)
                    )
                ]
                for start in range(0, len(keys), 5000):
                    removed += sum(self._remove(keys[start : start + 5000]).values())
                self._db.execute("DELETE FROM imports WHERE id = ?", (import_id,))
        return removed

    def scopes(self) -> tuple[Scope, ...]:
        """What each finished import declared complete."""
        found = []
        for run in self.runs():
            if run.complete and run.state is ImportState.COMPLETE:
                venues = frozenset(
                    v
                    for (v,) in self._db.execute(
                        "SELECT venue FROM scopes WHERE import_id = ?", (run.id,)
                    )
                )
                found.append(
                    Scope(import_id=run.id, format=run.format, snapshot=run.snapshot, venues=venues)
                )
        return tuple(found)

    # --- look-up ------------------------------------------------------------------------------

    def find(self, queries: Sequence[Query]) -> list[Found]:
        """For each query: works by its identifiers, then by exact title, else by search."""
        return [self._find(query) for query in queries]

    def search(self, text: str, *, limit: int = 10) -> list[Record]:
        """The work an identifier names, or works whose title or names hold these words, best
        first (`catalog search`): a single common word too."""
        by_identifier = identifier_query(text)
        if by_identifier is not None:
            return list(self._find(by_identifier).by_identifier[:limit])
        words = search_tokens(text)
        candidates = self._candidates(words)
        if not candidates and words:  # every word too common to rank: any titles holding them
            candidates = self._matches(_all_of(list(words)), _CANDIDATES * 5)
        return rank_by_title(candidates, normalise(text), limit)

    def size(self) -> int:
        """Bytes on disk (the file and its write-ahead log)."""
        wal = self.path.with_name(self.path.name + "-wal")
        return self.path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)

    def close(self) -> None:
        self._db.close()

    # --- private ------------------------------------------------------------------------------

    def _find(self, query: Query) -> Found:
        by_id: list[Record] = []
        for column, value in (("doi", query.doi), ("arxiv", query.arxiv), ("pmid", query.pmid)):
            if value:
                sql = f"SELECT id, key, record FROM works WHERE {column} = ?"
                by_id.extend(self._records(sql, (value,)))
        if not query.key:
            return Found(tuple(distinct(by_id)))
        titled = [
            record
            for record in self._records(
                "SELECT id, key, record FROM works WHERE title_hash = ?",
                (title_hash(query.key),),
            )
            if same_title(record, query.key)
        ]
        if not titled and not any(same_title(r, query.key) for r in by_id):
            titled = rank_by_title(self._candidates(query.words), query.title, SEARCH_LIMIT)
        return Found(tuple(distinct(by_id)), tuple(distinct(titled)))

    def _candidates(self, words: Sequence[str]) -> list[tuple[str, str]]:
        """Works sharing the title's rarest words: all of them, or all but one, or a rare few.

        Ranking every title that shares a common word ("learning") would read most of the
        index. The titles holding the four rarest words the catalog knows (or all of them but
        one, for a title with a word changed) are few, and so are those holding the rarest
        words at all; they are ranked by similarity afterwards.
        """
        counts = self._document_counts(list(words))
        known = sorted((word for word in counts if counts[word]), key=counts.__getitem__)
        queries = [_all_of(group) for group in word_groups(known[:_RAREST])]
        rare: list[str] = []
        total = 0
        for word in known:
            total += counts[word]
            if total > _RARE_BUDGET:
                break
            rare.append(word)
        found: dict[str, str] = {}
        for query in queries:
            found.update(self._matches(query, _CANDIDATES))
        if rare:  # few titles hold them: rank them all (bm25), keep the best
            match = " OR ".join(f'"{word}"' for word in rare)
            found.update(self._matches(match, _CANDIDATES, ranked=True))
        return list(found.items())

    def _document_counts(self, words: list[str]) -> dict[str, int]:
        """How many titles or name lists hold each word (fts5vocab reads the index; remembered)."""
        if not self._vocabulary:
            self._db.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.works_words"
                " USING fts5vocab(main, works_fts, 'row')"
            )
            self._vocabulary = True
        wanted = [word for word in words if word not in self._counts]
        if wanted:
            marks = ",".join("?" * len(wanted))
            self._counts.update(dict.fromkeys(wanted, 0))
            rows = self._db.execute(
                f"SELECT term, doc FROM temp.works_words WHERE term IN ({marks})", wanted
            )
            self._counts.update({str(term): int(doc) for term, doc in rows})
        return {word: self._counts[word] for word in words}

    def _matches(self, match: str, limit: int, *, ranked: bool = False) -> list[tuple[str, str]]:
        """(key, record JSON) of the first (or best ranked) works a full-text query matches."""
        order = " ORDER BY rank" if ranked else ""
        rows = self._db.execute(
            "SELECT w.key, w.record FROM (SELECT rowid FROM works_fts WHERE works_fts"
            f" MATCH ?{order} LIMIT ?) AS f JOIN works AS w ON w.id = f.rowid",
            (match, limit),
        )
        return [(str(key), str(text)) for key, text in rows]

    def _records(self, sql: str, params: tuple[object, ...]) -> list[Record]:
        return [record_codec.decode(text, id=key) for _, key, text in self._db.execute(sql, params)]

    def _remove(self, keys: Sequence[str]) -> dict[int, int]:
        """Delete these works (and their full-text entries); how many each import lost."""
        if not keys:
            return {}
        removed: dict[int, int] = {}
        marks = ",".join("?" * len(keys))
        rows = self._db.execute(
            f"SELECT id, key, import_id, record FROM works WHERE key IN ({marks})", list(keys)
        ).fetchall()
        for row_id, key, owner, text in rows:
            title, names = indexed_text(record_codec.decode(text, id=key))
            self._db.execute(
                "INSERT INTO works_fts(works_fts, rowid, title, names) VALUES ('delete', ?, ?, ?)",
                (row_id, title, names),
            )
            removed[owner] = removed.get(owner, 0) + 1
        self._db.executemany("DELETE FROM works WHERE id = ?", [(row[0],) for row in rows])
        return removed

    def _insert(self, import_id: int, rows: Sequence[WorkRow]) -> None:
        if not rows:
            return
        first = int(self._db.execute("SELECT coalesce(max(id), 0) + 1 FROM works").fetchone()[0])
        self._db.executemany(
            "INSERT INTO works(id, key, import_id, doi, arxiv, pmid, title_hash, record)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (first + n, r.key, import_id, r.doi, r.arxiv, r.pmid, r.title_hash, r.record)
                for n, r in enumerate(rows)
            ],
        )
        self._db.executemany(
            "INSERT INTO works_fts(rowid, title, names) VALUES (?, ?, ?)",
            [(first + n, r.title, r.names) for n, r in enumerate(rows)],
        )

    def _run(self, row: tuple[object, ...]) -> ImportRun:
        (
            id_,
            format_,
            inputs,
            snapshot,
            state,
            works,
            skipped,
            deleted,
            started,
            finished,
            complete,
            error,
        ) = row
        venues: tuple[str, ...] = ()
        if complete:
            venues = tuple(
                sorted(
                    v
                    for (v,) in self._db.execute(
                        "SELECT venue FROM scopes WHERE import_id = ?", (id_,)
                    )
                )
            )
        return ImportRun(
            id=int(str(id_)),
            format=str(format_),
            inputs=tuple(json.loads(str(inputs))),
            snapshot=str(snapshot),
            state=ImportState(str(state)),
            works=int(str(works)),
            skipped=int(str(skipped)),
            deleted=int(str(deleted)),
            started=str(started),
            finished=str(finished),
            complete=bool(complete),
            venues=venues,
            error=str(error),
        )

    def _migrate(self, target: int, *, readonly: bool) -> None:
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise InputError(
                f"{self.location}: the catalog has schema version {version}, newer than this "
                f"cite-sentinel knows ({SCHEMA_VERSION}); upgrade cite-sentinel"
            )
        if version >= target:
            return
        if readonly:
            raise InputError(
                f"{self.location}: the catalog has schema version {version} and needs "
                f"{target}; run `cite-sentinel catalog status` once to upgrade it"
            )
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            for number in range(version, target):
                for statement in _MIGRATIONS[number]:
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {target}")


def _all_of(words: list[str]) -> str:
    return " AND ".join(f'"{word}"' for word in words)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
