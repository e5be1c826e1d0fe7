"""The BibTeX reader on real bibliographies, whole and damaged: entries read, findings, crashes.

Run from the repository root: `.venv/bin/python -m benchmarks.bibtex_robustness`.
Reads every ../shared/data/real-bibs/*.bib (and the CSL-JSON file there when the CSL reader
exists), then damages each .bib in DAMAGES places, one at a time — a brace, quote, comma or
equals sign deleted, or a stray brace inserted — and counts exceptions (must be 0), parse
errors, and entries still read compared with the undamaged file.
"""

from __future__ import annotations

import random
import sys
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from cite_sentinel.core.model import Read
from cite_sentinel.core.sources.bibtex import read_bibtex

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "real-bibs"
DAMAGES = 200
SEED = 2026


def main() -> int:
    if not DATA.is_dir():
        print(f"needs ../shared/data/real-bibs beside the project ({DATA} is absent)")
        return 2
    exceptions = 0
    print("| file | entries read | findings by code | exceptions |")
    print("|---|---|---|---|")
    for path in sorted(DATA.glob("*.bib")):
        exceptions += _whole(path, read_bibtex)
    csl = _csl_reader()
    for path in sorted(DATA.glob("*.csl.json")) if csl else ():
        exceptions += _whole(path, csl)
    print()
    print("| file | damaged copies | exceptions | parse errors per copy | entries kept |")
    print("|---|---|---|---|---|")
    for path in sorted(DATA.glob("*.bib")):
        exceptions += _damaged(path)
    return 1 if exceptions else 0


def _csl_reader() -> Callable[[str, str], Read] | None:
    try:
        from cite_sentinel.core.sources.csl import read_csl_json
    except ImportError:
        return None
    return read_csl_json


def _whole(path: Path, reader: Callable[[str, str], Read]) -> int:
    text = path.read_text(encoding="utf-8")
    try:
        read = reader(text, path.name)
    except Exception:  # the figure is whether anything escapes
        traceback.print_exc()
        print(f"| {path.name} | – | – | 1 |")
        return 1
    codes = Counter(str(finding.code) for finding in read.findings)
    shown = ", ".join(f"{code} {n}" for code, n in sorted(codes.items())) or "none"
    print(f"| {path.name} | {len(read.references)} | {shown} | 0 |")
    return 0


def _damaged(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    whole = len(read_bibtex(text, path.name).references)
    chances = random.Random(SEED)
    targets = [i for i, char in enumerate(text) if char in '{}",=']
    exceptions = errors = kept = 0
    for _ in range(DAMAGES):
        at = chances.choice(targets)
        if chances.random() < 0.8:
            damaged = text[:at] + text[at + 1 :]
        else:
            damaged = text[:at] + chances.choice("{}") + text[at:]
        try:
            read = read_bibtex(damaged, path.name)
        except Exception:
            traceback.print_exc()
            exceptions += 1
            continue
        errors += sum(1 for finding in read.findings if finding.code == "parse-error")
        kept += len(read.references)
    print(
        f"| {path.name} | {DAMAGES} | {exceptions} | {errors / DAMAGES:.2f} "
        f"| {kept / (DAMAGES * whole):.2%} |"
    )
    return exceptions


if __name__ == "__main__":
    sys.exit(main())
