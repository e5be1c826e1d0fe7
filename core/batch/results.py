"""A screened manuscript as the queues store it: JSON text, and back."""

from __future__ import annotations

import json
from dataclasses import asdict, fields

from cite_sentinel.core.batch.jobs import Screened

_FIELDS = frozenset(f.name for f in fields(Screened))
_TUPLES = ("flagged", "unreadable")


def dump_result(screened: Screened) -> str:
    """The result as JSON text (reports included)."""
    return json.dumps(asdict(screened), ensure_ascii=False)


def load_result(text: str, *, attempts: int) -> Screened:
    """A stored result, with the number of workers that took its manuscript."""
    data = {key: value for key, value in json.loads(text).items() if key in _FIELDS}
    for name in _TUPLES:
        data[name] = tuple(data.get(name) or ())
    data["attempts"] = attempts
    return Screened(**data)
