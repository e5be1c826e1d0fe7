"""Titles that share a cited title's rarest words, found in PostgreSQL's full-text index.

As in SQLite (core.catalog.sqlite_store): the titles holding all of the title's four rarest
words, or all but one, are few, and an AND of words is cheap in a GIN index (it skips through
the other words' postings along the rarest word's). A pg_trgm similarity query instead reads
the postings of every trigram of the title, common ones included: 0.2–1 s a title on a quarter
of a million works, for every reference the catalog lacks. How rare a word is comes from the
statistics ANALYZE keeps for the index (its most common words and their frequencies); a word
not among them is rarer than all of those.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cite_sentinel.core.catalog.rows import STOPWORDS, word_groups

RAREST = 4  # the rarest words whose titles are candidates (all of them, or all but one)
_PER_QUERY = 20  # titles each query offers for ranking by similarity
_RARE_ONLY = 3  # at most this many words no common list names, any of which makes a candidate
_WORD = re.compile(r"[^\W_]+")
# The expression the cs_works_words index is built on: a query must repeat it to use it.
DOCUMENT = "to_tsvector('simple', title || ' ' || names)"


def title_words(title: str) -> list[str]:
    """The title's distinctive words as PostgreSQL's 'simple' configuration cuts them
    (lower-case, accents kept), in order, at most a dozen."""
    words: list[str] = []
    for word in _WORD.findall(title.lower()):
        if word not in STOPWORDS and word not in words and (len(word) > 1 or word.isdigit()):
            words.append(word)
    return words[:12]


def common_words(db: Any) -> dict[str, float]:
    """The index's most common words with the share of works holding each (pg_stats), or
    nothing where ANALYZE has not run."""
    row = db.execute(
        "SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats"
        " WHERE tablename = 'cs_works_words' AND schemaname = current_schema()"
    ).fetchone()
    if row is None or not row[0]:
        return {}
    return dict(zip(row[0], row[1], strict=False))


def candidates(db: Any, words: Sequence[str], common: dict[str, float]) -> list[tuple[str, str]]:
    """(key, record JSON) of works holding the rarest words: all of them, all but one, or
    (for words rarer than every common one) any."""
    ranked = sorted(words, key=lambda word: (common.get(word, 0.0), -len(word)))
    rarest = ranked[:RAREST]
    queries = [_all_of(group) for group in word_groups(rarest)]
    rare = [word for word in ranked if common and word not in common][:_RARE_ONLY]
    if rare:
        queries.append(" | ".join(_quoted(word) for word in rare))
    if not queries:
        return []
    union = " UNION ".join(
        f"(SELECT key, record FROM cs_works WHERE {DOCUMENT} @@ to_tsquery('simple', %s) LIMIT %s)"
        for _ in queries
    )
    params: list[object] = []
    for query in queries:
        params += [query, _PER_QUERY]
    return [(str(key), str(record)) for key, record in db.execute(union, params).fetchall()]


def _all_of(words: list[str]) -> str:
    return " & ".join(_quoted(word) for word in words)


def _quoted(word: str) -> str:
    return "'" + word.replace("'", "''") + "'"
