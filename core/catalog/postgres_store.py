"""The catalog in PostgreSQL, shared by a lab's or a venue's machines.

Works keep the same row as in SQLite (core.catalog.rows), plus their title and names as text
for two indexes: full-text search over title and names (a cited title's rarest words find the
titles that hold them: core.catalog.postgres_words; and `catalog search`), and pg_trgm on the
lower-case title (`catalog search` when no title holds its words). Batches are copied in with
COPY, each with its checkpoint in one transaction, as in SQLite.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Sequence
from typing import Any

from cite_sentinel.core.catalog import postgres_words, record_codec
from cite_sentinel.core.catalog.postgres_words import title_words
from cite_sentinel.core.catalog.rows import (
    Found,
    Query,
    distinct,
    identifier_query,
    rank_by_title,
    same_title,
    search_tokens,
    stored_row,
    title_hash,
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
from cite_sentinel.core.postgres.connect import connect, shown
from cite_sentinel.core.postgres.migrations import migrate

SEARCH_LIMIT = 5
_CANDIDATES = 20
_SIMILAR = 0.45  # pg_trgm similarity a title must reach to be a candidate

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        """CREATE TABLE cs_imports(
            id serial PRIMARY KEY, format text NOT NULL, inputs jsonb NOT NULL,
            snapshot text NOT NULL DEFAULT '', snapshot_fixed boolean NOT NULL DEFAULT false,
            state text NOT NULL, works bigint NOT NULL DEFAULT 0,
            skipped bigint NOT NULL DEFAULT 0, deleted bigint NOT NULL DEFAULT 0,
            started text NOT NULL, finished text NOT NULL DEFAULT '',
            complete boolean NOT NULL DEFAULT false, error text NOT NULL DEFAULT '')""",
        """CREATE TABLE cs_checkpoints(
            import_id integer NOT NULL REFERENCES cs_imports(id) ON DELETE CASCADE,
            path text NOT NULL, position bigint NOT NULL, finished boolean NOT NULL DEFAULT false,
            PRIMARY KEY(import_id, path))""",
        """CREATE TABLE cs_works(
            id bigserial PRIMARY KEY, key text NOT NULL UNIQUE, import_id integer NOT NULL,
            doi text, arxiv text, pmid text, title_hash bigint NOT NULL, record text NOT NULL,
            title text NOT NULL, names text NOT NULL)""",
        "CREATE INDEX cs_works_doi ON cs_works(doi) WHERE doi IS NOT NULL",
        "CREATE INDEX cs_works_arxiv ON cs_works(arxiv) WHERE arxiv IS NOT NULL",
        "CREATE INDEX cs_works_pmid ON cs_works(pmid) WHERE pmid IS NOT NULL",
        "CREATE INDEX cs_works_title ON cs_works(title_hash)",
        "CREATE INDEX cs_works_import ON cs_works(import_id)",
        "CREATE INDEX cs_works_trigrams ON cs_works USING gin (lower(title) gin_trgm_ops)",
        """CREATE INDEX cs_works_words ON cs_works
            USING gin (to_tsvector('simple', title || ' ' || names))""",
    ),
    (  # 2: the venues a complete import covers
        """CREATE TABLE cs_scopes(
            import_id integer NOT NULL REFERENCES cs_imports(id) ON DELETE CASCADE,
            venue text NOT NULL, PRIMARY KEY(import_id, venue))""",
    ),
)
_RUN_COLUMNS = (
    "id, format, inputs, snapshot, state, works, skipped, deleted, started, finished, "
    "complete, error"
)


class PostgresCatalog:
    """A catalog in a PostgreSQL database (its cs_* tables)."""

    def __init__(self, url: str, *, migrate_to: int | None = None) -> None:
        self.location = shown(url)
        self._url = url
        self._db = connect(url)
        self._common_words: dict[str, float] | None = None
        migrate(self._db, "catalog", MIGRATIONS, url=url, target=migrate_to)

    # --- imports ------------------------------------------------------------------------------

    def begin(
        self, format: str, inputs: Sequence[str], *, complete: bool = False, snapshot: str = ""
    ) -> ImportRun:
        row = self._db.execute(
            "INSERT INTO cs_imports(format, inputs, snapshot, snapshot_fixed, state, started,"
            " complete) VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING id",
            (format, json.dumps(list(inputs)), snapshot, bool(snapshot), ImportState.RUNNING,
             _now(), complete),
        ).fetchone()  # fmt: skip
        assert row is not None
        return self.run(int(row[0]))

    def unfinished(self, format: str, inputs: Sequence[str]) -> ImportRun | None:
        row = self._db.execute(
            f"SELECT {_RUN_COLUMNS} FROM cs_imports WHERE format = %s AND inputs = %s::jsonb"
            " AND state <> %s ORDER BY id DESC LIMIT 1",
            (format, json.dumps(list(inputs)), ImportState.COMPLETE),
        ).fetchone()
        return None if row is None else self._run(row)

    def resume(self, run: ImportRun) -> ImportRun:
        self._db.execute(
            "UPDATE cs_imports SET state = %s, error = '' WHERE id = %s",
            (ImportState.RUNNING, run.id),
        )
        return self.run(run.id)

    def checkpoints(self, import_id: int) -> dict[str, Checkpoint]:
        rows = self._db.execute(
            "SELECT path, position, finished FROM cs_checkpoints WHERE import_id = %s",
            (import_id,),
        )
        return {path: Checkpoint(path, int(position), bool(done)) for path, position, done in rows}

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
        with self._db.transaction():
            replaced = self._remove([row.key for row in rows])
            withdrawn = self._remove(gone)
            self._copy(import_id, rows)
            for owner in replaced.keys() | withdrawn.keys():
                lost = replaced.get(owner, 0) + withdrawn.get(owner, 0)
                self._db.execute(
                    "UPDATE cs_imports SET works = works - %s WHERE id = %s", (lost, owner)
                )
            self._db.execute(
                "UPDATE cs_imports SET works = works + %s, skipped = skipped + %s,"
                " deleted = deleted + %s, snapshot = CASE WHEN snapshot_fixed OR snapshot >= %s"
                " THEN snapshot ELSE %s END WHERE id = %s",
                (len(rows), skipped, sum(withdrawn.values()), newest, newest, import_id),
            )
            self._db.execute(
                "INSERT INTO cs_checkpoints(import_id, path, position, finished)"
                " VALUES (%s, %s, %s, %s) ON CONFLICT (import_id, path) DO UPDATE"
                " SET position = excluded.position, finished = excluded.finished",
                (import_id, path, position, finished),
            )
            chosen = sorted(venues)
            if chosen:
                self._db.cursor().executemany(
                    "INSERT INTO cs_scopes(import_id, venue) VALUES (%s, %s)"
                    " ON CONFLICT DO NOTHING",
                    [(import_id, venue) for venue in chosen],
                )

    def finish(self, import_id: int) -> ImportRun:
        self._db.execute(
            "UPDATE cs_imports SET state = %s, finished = %s, error = '',"
            " snapshot = CASE WHEN snapshot = '' THEN %s ELSE snapshot END WHERE id = %s",
            (ImportState.COMPLETE, _now(), _now()[:10], import_id),
        )
        self._db.execute("ANALYZE cs_works")  # which title words are common (postgres_words)
        self._common_words = None
        return self.run(import_id)

    def fail(self, import_id: int, error: str) -> ImportRun:
        self._db.execute(
            "UPDATE cs_imports SET state = %s, error = %s WHERE id = %s",
            (ImportState.FAILED, error, import_id),
        )
        return self.run(import_id)

    def run(self, import_id: int) -> ImportRun:
        row = self._db.execute(
            f"SELECT {_RUN_COLUMNS} FROM cs_imports WHERE id = %s", (import_id,)
        ).fetchone()
        if row is None:
            raise InputError(f"{self.location}: the catalog holds no import {import_id}")
        return self._run(row)

    def runs(self) -> tuple[ImportRun, ...]:
        rows = self._db.execute(f"SELECT {_RUN_COLUMNS} FROM cs_imports ORDER BY id").fetchall()
        return tuple(self._run(row) for row in rows)

    def drop(self, import_ids: Sequence[int]) -> int:
        removed = 0
        with self._db.transaction():
            for import_id in import_ids:
                cursor = self._db.execute("DELETE FROM cs_works WHERE import_id = %s", (import_id,))
                removed += cursor.rowcount
                self._db.execute("DELETE FROM cs_imports WHERE id = %s", (import_id,))
        return removed

    def scopes(self) -> tuple[Scope, ...]:
        return tuple(
            Scope(import_id=run.id, format=run.format, snapshot=run.snapshot,
                  venues=frozenset(run.venues))
            for run in self.runs()
            if run.complete and run.state is ImportState.COMPLETE
        )  # fmt: skip

    # --- look-up ------------------------------------------------------------------------------

    def find(self, queries: Sequence[Query]) -> list[Found]:
        return [self._find(query) for query in queries]

    def search(self, text: str, *, limit: int = 10) -> list[Record]:
        """The work an identifier names, or works whose title or names hold all these words,
        else titles most like the text."""
        by_identifier = identifier_query(text)
        if by_identifier is not None:
            return list(self._find(by_identifier).by_identifier[:limit])
        words = search_tokens(text)
        if not words:
            return []
        rows = self._db.execute(
            "SELECT key, record FROM cs_works WHERE to_tsvector('simple', title || ' ' || names)"
            " @@ to_tsquery('simple', %s) LIMIT %s",
            (" & ".join(words), _CANDIDATES * 5),
        ).fetchall()
        found = [(str(key), str(text)) for key, text in rows] or self._similar(text)
        return rank_by_title(found, normalise(text), limit)

    def size(self) -> int:
        row = self._db.execute(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class AS c"
            " JOIN pg_namespace AS n ON n.oid = c.relnamespace"
            " WHERE c.relname LIKE 'cs\\_%%' AND c.relkind = 'r' AND n.nspname = current_schema()"
        ).fetchone()
        return int(row[0]) if row else 0

    def close(self) -> None:
        self._db.close()

    # --- private ------------------------------------------------------------------------------

    def _find(self, query: Query) -> Found:
        by_id: list[Record] = []
        for column, value in (("doi", query.doi), ("arxiv", query.arxiv), ("pmid", query.pmid)):
            if value:
                by_id += self._records(
                    f"SELECT key, record FROM cs_works WHERE {column} = %s", (value,)
                )
        if not query.key:
            return Found(tuple(by_id))
        titled = [
            record
            for record in self._records(
                "SELECT key, record FROM cs_works WHERE title_hash = %s", (title_hash(query.key),)
            )
            if same_title(record, query.key)
        ]
        if not titled and not any(same_title(r, query.key) for r in by_id):
            found = postgres_words.candidates(self._db, title_words(query.text), self._common())
            titled = rank_by_title(found, query.title, SEARCH_LIMIT)
        return Found(tuple(distinct(by_id)), tuple(distinct(titled)))

    def _common(self) -> dict[str, float]:
        """The index's most common words, read once per connection."""
        if self._common_words is None:
            self._common_words = postgres_words.common_words(self._db)
        return self._common_words

    def _similar(self, title: str) -> list[tuple[str, str]]:
        """Works whose lower-case titles share most trigrams with this one (pg_trgm)."""
        lowered = title.lower()
        with self._db.transaction():
            self._db.execute(f"SET LOCAL pg_trgm.similarity_threshold = {_SIMILAR}")
            rows = self._db.execute(
                "SELECT key, record FROM cs_works WHERE lower(title) %% %s"
                " ORDER BY lower(title) <-> %s LIMIT %s",
                (lowered, lowered, _CANDIDATES),
            ).fetchall()
        return [(str(key), str(text)) for key, text in rows]

    def _records(self, sql: str, params: tuple[Any, ...]) -> list[Record]:
        rows = self._db.execute(sql, params)
        return [record_codec.decode(str(text), id=str(key)) for key, text in rows]

    def _remove(self, keys: Sequence[str]) -> dict[int, int]:
        if not keys:
            return {}
        removed: dict[int, int] = {}
        rows = self._db.execute(
            "DELETE FROM cs_works WHERE key = ANY(%s) RETURNING import_id", (list(keys),)
        ).fetchall()
        for (owner,) in rows:
            removed[int(owner)] = removed.get(int(owner), 0) + 1
        return removed

    def _copy(self, import_id: int, rows: Sequence[WorkRow]) -> None:
        if not rows:
            return
        columns = "key, import_id, doi, arxiv, pmid, title_hash, record, title, names"
        with self._db.cursor().copy(f"COPY cs_works ({columns}) FROM STDIN") as copy:
            for r in rows:
                copy.write_row((r.key, import_id, r.doi, r.arxiv, r.pmid, r.title_hash, r.record,
                                r.title, r.names))  # fmt: skip

    def _run(self, row: Sequence[Any]) -> ImportRun:
        (id_, format_, inputs, snapshot, state, works, skipped, deleted, started, finished,
         complete, error) = row  # fmt: skip
        venues: tuple[str, ...] = ()
        if complete:
            venues = tuple(sorted(str(v) for (v,) in self._db.execute(
                "SELECT venue FROM cs_scopes WHERE import_id = %s", (id_,))))  # fmt: skip
        return ImportRun(
            id=int(id_), format=str(format_), inputs=tuple(inputs), snapshot=str(snapshot),
            state=ImportState(str(state)), works=int(works), skipped=int(skipped),
            deleted=int(deleted), started=str(started), finished=str(finished),
            complete=bool(complete), venues=venues, error=str(error),
        )  # fmt: skip


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
