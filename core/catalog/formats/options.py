"""What an import may be told beyond its files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """`dtd`: the DTD whose entities an XML dump uses; `abstracts`: keep abstracts (larger)."""

    dtd: Path | None = None
    abstracts: bool = True
