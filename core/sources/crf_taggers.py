"""The CRF taggers of the learned labellers (`refparse`, `segment`): one a model file and a
thread, opened once (a crfsuite tagger holds the sequence it is given, so threads share none)."""

from __future__ import annotations

import threading
from pathlib import Path

import pycrfsuite

_local = threading.local()


def thread_tagger(path: Path) -> pycrfsuite.Tagger:
    """This thread's tagger for the model at `path`."""
    taggers: dict[Path, pycrfsuite.Tagger] = getattr(_local, "taggers", None) or {}
    _local.taggers = taggers
    found = taggers.get(path)
    if found is None:
        found = pycrfsuite.Tagger()
        found.open(str(path))
        taggers[path] = found
    return found
